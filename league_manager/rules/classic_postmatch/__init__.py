"""The classic (LRB 2004) post-match sequence as pure rules, one module per step.

``tables`` loads ``data/lrb2004/post_match.yaml``; ``winnings`` (treasury phase, conceding),
``spp`` (awards, levels, MVPs), ``star_rolls`` (Star Player rolls and ageing), ``fan_factor``,
``injuries`` (the D66 serious-injury table, niggling-injury checks) and ``concession``
(veterans who may leave) each take a typed input and return a typed outcome naming every roll.
All dice come through the injected :class:`~league_manager.rules.dice.Dice`, so a tabletop
coach's physical rolls can be typed in. docs/lrb2004.md lists the API for the league side.
"""
