"""Import this module to register every table of the program in ``SQLModel.metadata``.

The migrations' environment, the league copy onto a server and the league export each
need every table; importing the model modules here, once, keeps a new table module from
being known to one of them and forgotten by another (a test checks that every
``*models.py`` module of this package is listed).
"""

from league_manager.persistence import (
    board_models,
    challenge_models,
    claim_models,
    classic_models,
    classic_tournament_models,
    event_models,
    league_rules_models,
    match_day_models,
    models,
    redraft_models,
    season_close_models,
    season_models,
    team_board_models,
    tracker_models,
)

TABLE_MODULES = (
    board_models,
    challenge_models,
    classic_models,
    classic_tournament_models,
    claim_models,
    event_models,
    league_rules_models,
    match_day_models,
    models,
    redraft_models,
    season_close_models,
    season_models,
    team_board_models,
    tracker_models,
)
"""Every module of this package that defines tables."""
