"""What each thing on a Rococo table is worth in points: the hand-set weights of the
evaluation (salon.rococo.evaluation) and of its bonus worths (salon.rococo.bonus_worth), and
how far a final margin typically strays from the evaluation (salon.rococo.horizon).  The
weights fitted from self-play (Madame du Barry's turns) live with the evaluation, which
``salon fit`` sets."""

from __future__ import annotations

from typing import Final

from salon.rococo.rules.bonuses import END_GAME

# Weights, in points per unit; tuned in games against earlier settings and against the
# solo mode's Madame du Barry (a fixed opponent that makes differences easy to measure)

LIVRE_LATE: Final = 0.1  # a livre at the end: final scoring step 1 pays 1 point per 10
LIVRE_EXTRA: Final = 0.2  # what a livre adds while there are turns left to spend it
SPEND_TURNS: Final = 9  # turns left from which a livre is worth LIVRE_LATE + LIVRE_EXTRA
BALE: Final = 0.3  # a silk bale in the rack (first bales of a colour)
BALE_SURPLUS: Final = 0.05  # bales beyond BALE_CAP of one colour
BALE_CAP: Final = 6
HIDDEN_TILE: Final = 0.5  # another seat's rack tile, whose bales are secret (two bales on average)
GOODS: Final = 0.45  # one thread or one lace (up to GOODS_CAP of each)
GOODS_SURPLUS: Final = 0.1
GOODS_CAP: Final = 3
SHARP_START: Final = 0.8  # how firmly a lead of one garment holds a majority in round 1 ...
SHARP_GAIN: Final = 3.0  # ... and how much firmer by the last round
READY: Final = (0.45, 0.25, 0.1)  # share of a display garment's worth when 0, 1, 2 units short
RENT_EXTRA: Final = 2.0  # what renting adds to prestige beyond it (majority, income, rewards)
SOLO_RENT_EXTRA: Final = 5.0  # the same against Madame du Barry, who tailors for free every few turns
REWARD_TILE: Final = 0.5  # a free tile still to be taken from the display
TERRACE_HOPE: Final = 1.25  # per multiplier step of an own fireworks spot still without a Throne-hall garment
STATUE_HOPE: Final = 0.25  # chance-like share of a statue's colours still missing
FAVOUR_START: Final = 0.6  # holding the favour before the last round: next round's start player
LADDER_CHANCE: Final = {4: 0.5, 3: 0.2}  # share of the next all-halls space when present in 4 or 3 halls
TYPE_NOW: Final = {"master": 8.7, "journeyman": 8.1, "apprentice": 7.5}  # a card in hand: one more turn this round
# (worth more than the points an average turn makes: a hire or an exam that puts a card in hand
# is almost never wrong, and the card taken is denied to the others, Madame du Barry included)
TAILOR_NOW: Final = {"master": 2.0, "journeyman": 1.6, "apprentice": 0.0}  # ... that can tailor a garment on display
TYPE_QUALITY: Final = {"master": 3.0, "journeyman": 2.5, "apprentice": 2.0}  # a staff card's play in a later round
# (close together: an Apprentice still plays a whole turn; a Master adds the actions it alone may take)
STAFF_FUTURE: Final = 1.6  # weight of the staff's average play quality per future turn
SOLO_STAFF_FUTURE: Final = 2.4  # the same against Madame du Barry, who hires for free
BONUS_QUALITY: Final = {  # typical worth of one use of a bonus, in points
    "start_none": 0.0, "start_pay1_thread_or_lace": 0.2, "start_extra_acquire": 0.5, "start_gain_2": 0.5,
    "l1_gain_1": 0.25, "l1_dismiss_use_bonus": 0.3, "l1_pay1_draw_bag": 0.4, "l1_extra_acquire": 0.5,
    "l1_draw_bag_free": 0.5, "l1_gain_thread_or_lace": 0.45,
    "l2_livres_blue_green": 0.8, "l2_tailor_less_blue_or_pink": 1.5, "l2_dismiss_for_cash": 0.4,
    "l2_vp_per_2_dec": 1.0,
    "l3_livre_per_dec": 1.0, "l3_vp_per_3_garments": 1.2, "l3_finance_minus5": 1.5, "l3_livres_by_staff": 0.8,
    "l4_livres_by_staff": 0.5, "l4_tailor_less_green": 1.5, "l4_pink_livres_orange_vp": 1.2, "l4_buy_vp_4": 0.6,
    "l5_livre_per_garment": 1.2, "l5_vp_per_2_dec": 1.5, "l5_vp_per_2_garments": 2.0, "l5_silk_to_vp": 1.0,
    "l6_buy_vp_3": 1.2, "l6_finance_minus10": 2.5,
    "nj_replay_from_supply": 0.8, "nj_copy_opponent": 0.4, "nj_livre_per_hall": 0.6, "nj_livres_small_staff": 0.8,
    "nj_3livres_per_2_dec": 0.6, "nj_tailor_sell_vp": 1.5, "nj_hall_vp": 0.8, "nj_3livres_per_2_rings": 0.3,
    "nj_vp_per_3_jewels": 0.3, "nm_hall_livres": 1.0, "nm_vp_blue_green_pairs": 0.8,
    "nm_3livres_per_2_master_guest": 0.6, "nm_3livres_per_2_jewels": 0.5, "nm_no_orange_no_green": 1.2,
    "sa_vp3": 3.0,
}
CROWN: Final = END_GAME
"""The crown cards: end-game bonuses scored in final scoring step 2 (or in the sets step)."""
JEWEL_HOPE: Final = 1.2  # per round still to come: what access to the jewelry display promises (a jewel a rent)
EXAM_TASK: Final = 0.8  # a marked exam task: progress toward +1 VP and a better card (less than the exam
# itself brings, so that the search takes the exam when it can)
SPREAD: Final = 23.5  # how far the final margin is from the evaluation at the start with other players (its
SPREAD_SOLO: Final = 25.0  # standard deviation over heuristic:temperature=0.5 self-play, 150 games of 2 players
SPREAD_POWER: Final = 0.3  # and 320 solo ones), and against Madame du Barry; it shrinks as (share left) ** 0.3,
# which fits both from the start to the last round (`spread`; docs/bots.md, "The value of a position")
PLACE_BONUS: Final = 1.0  # typical worth of a Festive or Exquisite garment's one-time bonus beyond what it pays
