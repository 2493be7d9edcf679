"""What each result of the classic (LRB 2004) D66 Handicap table does, where it lands.

``effects`` says for every one of the 36 results where it lands (data); ``match_day`` gives the
fan factors and gate, staff and re-rolls, and who plays (players missing the match, an extra
player, the appearance fee, the assassin); ``league`` gives the winnings terms and the
handicap MVPs. Results are named by their D66 number, since 51 and 61 share a name.
Match-only results (Palmed Coin, Grudge Match ...) are named in the record for the tabletop.
"""
