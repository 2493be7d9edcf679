"""Match day: the pre-game sequence, result entry, the post-game sequence and corrections.

:class:`league_manager.services.match_day.service.MatchDayService` is the entry point;
the modules beside it hold one step each and work inside the caller's transaction.
"""
