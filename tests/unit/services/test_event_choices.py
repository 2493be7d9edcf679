"""What the desk's Advance dialog offers: kinds with their SPP cost, skills, take-back."""

from league_manager.rules.dice import ScriptedDice
from league_manager.rules.event_progression import parse_spp
from league_manager.rules.exhibition import EventSettings, parse_picks
from league_manager.rules.loader import load_ruleset
from league_manager.services.event_choices import advance_choices, take_back_refusal
from league_manager.services.facade import Services


def test_choices_follow_spp_pack_and_take_back(services: Services) -> None:
    services.events.create("Cup", EventSettings(rounds=3, skills=1, between_rounds="progression"))
    for coach in ("Ann", "Bob"):
        services.events.register(
            "Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)],
            picks=parse_picks("2:Block") if coach == "Ann" else (),
        )  # fmt: skip
    services.events.pair("Cup")
    game = services.events.state("Cup").round_games()[0]
    ann_first = game.a.coach == "Ann"
    ann = parse_spp("3:td, 3:mvp, 2:td")
    score = (2, 0) if ann_first else (0, 2)
    services.events.result(
        "Cup", 1, score, spp=(ann, None) if ann_first else (None, ann), dice=ScriptedDice([2])
    )
    entry = next(e for e in services.events.state("Cup").entries if e.coach == "Ann")
    ruleset = load_ruleset("bb2020")
    three = {c.kind: c for c in advance_choices(entry.roster, ruleset, 3)}
    assert set(three) == {"chosen_primary", "random_primary", "chosen_secondary", "random_secondary"}
    assert (three["chosen_primary"].cost, three["chosen_primary"].affordable) == (6, True)
    assert three["chosen_secondary"].affordable is False  # 12 SPP; he has 7
    assert "Block" in three["chosen_primary"].skills and not three["random_primary"].skills
    two = {c.kind: c for c in advance_choices(entry.roster, ruleset, 2)}
    assert "Block" not in two["chosen_primary"].skills  # the pack's Block is his first advancement
    assert two["random_primary"].cost == 4 and not two["random_primary"].affordable  # 3 SPP, second step
    assert take_back_refusal(entry.roster, 3, set()) == "player 3 bought nothing between rounds"
    bought = services.events.advance("Cup", entry.id, 3, "chosen_primary", skill="Block")
    assert take_back_refusal(bought.roster, 3, set()) is None
    assert take_back_refusal(bought.roster, 3, {2}) == "Block was played in round 2: it stays"
