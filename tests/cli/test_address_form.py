"""One form of address per language: the German catalogs say "du" to the player, as board-game
sites do, and the French ones "vous"; a text that slips into the other form fails here, named by
its file and key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import salon.i18n as i18n
from salon.i18n import DEFAULT, domains, plural_texts, read_catalog

GERMAN_FORMAL = re.compile(r"\b(?:Sie|Ihnen|Ihr(?:e|en|em|er|es)?)\b")
"""The formal address: capitalised "Sie" and its forms ("sie" meaning they, she or it is lower
case, and stays; informal plural "Ihr seid" is caught as well, the player being one person)."""
FRENCH_INFORMAL = re.compile(r"\b(?:tu|toi|te|ton|ta|tes)\b|\bt['’](?=\w)", re.IGNORECASE)
"""The informal address in French: the texts say "vous"."""

THIRD_PERSON: dict[str, dict[str, str]] = {
    "de": {
        # a row of Madame du Barry's panel (solo mode), "Ihre" as in her
        "solo.row_cards": "Her cards",
        "rococo.panel.madame_piles": "Her cards: {hand} in hand, {supply} in her pile",
    },
}
"""Keys whose capitalised "Ihre" or "Sie" opens a text and means her or they, as their English
says: the only ones the check lets through."""
THIRD_PERSON_ENGLISH = re.compile(r"\b(?:[Hh]er|[Tt]heir|[Tt]hey|[Ss]he)\b")

WRONG_FORM = {"de": GERMAN_FORMAL, "fr": FRENCH_INFORMAL}


def wrong_form(lang: str, text: str) -> list[str]:
    """The words of a text that address the reader in the form the language does not use."""
    return [m.group(0) for m in WRONG_FORM[lang].finditer(text)]


def _texts(lang: str, domain: str) -> dict[str, list[str]]:
    """Every translated text of a catalog, fuzzy ones included, by key."""
    out: dict[str, list[str]] = {}
    for message in read_catalog(lang, domain):
        if not message.id:
            continue
        key = message.id[0] if message.pluralizable else str(message.id)
        texts = plural_texts(message) if message.pluralizable else [str(message.string)]
        out[key] = [t for t in texts if t]
    return out


def test_the_check_tells_the_forms_apart() -> None:
    assert wrong_form("de", "Sie sind am Zug") == ["Sie"]
    assert wrong_form("de", "Wählen Sie Ihre Hauptaktion; Ihnen fehlt Seide") == ["Sie", "Ihre", "Ihnen"]
    assert wrong_form("de", "Du bist am Zug") == []
    assert wrong_form("de", "Wähle deine Hauptaktion; dir fehlt Seide, sie gehören dir") == []
    assert wrong_form("fr", "Tu joues ; c'est ton tour, t'as vu") == ["Tu", "ton", "t'"]
    assert wrong_form("fr", "Vous jouez : c'est votre tour, à la table") == []


@pytest.mark.parametrize("lang", sorted(WRONG_FORM))
def test_every_text_uses_the_languages_form_of_address(lang: str) -> None:
    allowed = THIRD_PERSON.get(lang, {})
    found = []
    for domain in domains(lang):
        path = Path(i18n.__file__).parent / lang / f"{domain}.po"
        for key, texts in _texts(lang, domain).items():
            if key in allowed:
                continue
            for text in texts:
                if words := wrong_form(lang, text):
                    found.append(f"{path.parent.name}/{path.name} {key}: {' '.join(words)} in {text!r}")
    assert found == [], "\n".join([f"{len(found)} texts in the wrong form of address:", *found])


@pytest.mark.parametrize("lang", sorted(THIRD_PERSON))
def test_the_third_person_list_is_true_and_needed(lang: str) -> None:
    """Each listed key says her, their or they in English, and still opens with such a word."""
    english = {key: texts for domain in domains(DEFAULT) for key, texts in _texts(DEFAULT, domain).items()}
    translated = {key: texts for domain in domains(lang) for key, texts in _texts(lang, domain).items()}
    for key, source in THIRD_PERSON[lang].items():
        assert english[key] == [source], f"{key}: the English changed; check the translation again"
        assert THIRD_PERSON_ENGLISH.search(source), key
        assert any(wrong_form(lang, text) for text in translated[key]), f"{key}: no longer needs listing"
