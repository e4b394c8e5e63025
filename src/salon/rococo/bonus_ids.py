"""The bonus ids a data file may give an employee card (RULES.md §12, §13.9): the vocabulary of
the data format, on the data side, so that loading and checking a data set needs nothing of
the rules.  The rules implement exactly these (salon.rococo.rules.bonuses checks it when it is
imported); a new bonus is a new id here and its rule there."""

BONUS_IDS = frozenset({
    "l1_dismiss_use_bonus", "l1_draw_bag_free", "l1_extra_acquire", "l1_gain_1", "l1_gain_thread_or_lace",
    "l1_pay1_draw_bag",
    "l2_dismiss_for_cash", "l2_livres_blue_green", "l2_tailor_less_blue_or_pink", "l2_vp_per_2_dec",
    "l3_finance_minus5", "l3_livre_per_dec", "l3_livres_by_staff", "l3_vp_per_3_garments",
    "l4_buy_vp_4", "l4_livres_by_staff", "l4_pink_livres_orange_vp", "l4_tailor_less_green",
    "l5_livre_per_garment", "l5_silk_to_vp", "l5_vp_per_2_dec", "l5_vp_per_2_garments",
    "l6_buy_vp_3", "l6_end_dress_coat_pairs", "l6_end_master_guest_pairs", "l6_end_thread_lace_sets",
    "l6_end_vp_by_staff", "l6_finance_minus10",
    "nj_3livres_per_2_dec", "nj_3livres_per_2_rings", "nj_copy_opponent", "nj_hall_vp", "nj_livre_per_hall",
    "nj_livres_small_staff", "nj_replay_from_supply", "nj_tailor_sell_vp", "nj_vp_per_3_jewels",
    "nm_3livres_per_2_jewels", "nm_3livres_per_2_master_guest", "nm_end_apprentice_pairs", "nm_end_jewel_sets",
    "nm_end_necklace_pairs", "nm_end_vp_per_dec", "nm_hall_livres", "nm_no_orange_no_green",
    "nm_vp_blue_green_pairs",
    "sa_vp3",
    "start_extra_acquire", "start_gain_2", "start_none", "start_pay1_thread_or_lace",
})
