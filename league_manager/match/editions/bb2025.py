"""Season 3 (``bb2025``): its kick-off, Casualty and prayer tables, Distracted, Secure the Ball, Punt.

Everything not named here is played as in BB2020. Season 3 skill handlers are registered
in the skill modules with ``editions={"bb2025"}`` (``skills/registry.py``).
"""

from __future__ import annotations

from league_manager.match.editions import BB2020, Edition, register_edition
from league_manager.match.procedures import kickoff_s3, punt, secure_ball

ACTIVE_SKILLS = frozenset(
    {
        "Diving Catch",
        "Diving Tackle",
        "Dump-off",
        "Fend",
        "On the Ball",
        "Pass Block",
        "Safe Pair of Hands",
        "Shadowing",
        "Sidestep",
        "Stand Firm",
        "Wrestle",
    }
)
"""Active skills a Distracted player cannot use: those a coach chooses to use while the
player is not being activated (docs/rules-decisions.md, Season 3 in the match)."""

BB2025 = register_edition(
    Edition(
        id="bb2025",
        kickoff_table={**BB2020.kickoff_table, 10: "Charge", 11: "Dodgy Snack"},
        kickoff_handlers={
            "Cheering Fans": kickoff_s3.cheering_fans,
            "Brilliant Coaching": kickoff_s3.brilliant_coaching,
            "Charge": kickoff_s3.charge,
            "Dodgy Snack": kickoff_s3.dodgy_snack,
        },
        casualty_table=(
            (8, "Badly Hurt"),
            (10, "Seriously Hurt"),
            (12, "Serious Injury"),
            (14, "Lasting Injury"),
            (99, "Dead"),
        ),
        distracted=True,
        active_skills=ACTIVE_SKILLS,
        offers=(secure_ball.offer, punt.offer),
        ttm_min_strength=0,
        ttm_own_action=True,
        one_jump_per_move=False,
        mascot_target=4,
        mascot_first=False,
        wildly_inaccurate=False,
        deflection=False,
        concession_score=2,
        penalty_free_score=True,
        prayers={
            **BB2020.prayers,
            8: "Blessing of Nuffle",
            11: "Dazzling Catching",
            12: "Fan Interaction",
        },
        prayer_lasts=dict.fromkeys(range(1, 17), "game"),
        prayers_open_to_loners=frozenset({"Iron Man", "Blessing of Nuffle", "Intensive Training"}),
        moles_on_opponents_only=True,
        scrutiny_needs_broken_armour=True,
    )
)
"""Blood Bowl Season 3 (seed 002, reference/bb2025)."""
