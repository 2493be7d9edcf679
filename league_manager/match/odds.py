"""Odds the board shows before a coach commits: D6 tests, blocks and passes.

``p_roll`` and the re-roll arithmetic live in :mod:`league_manager.match.chances` (pure
numbers) and are re-exported here; movement plans are in :mod:`league_manager.match.paths`.

Block strength, assists and dice count come from
:mod:`league_manager.match.procedures.block`; pass, catch and interference modifiers from
:mod:`league_manager.match.procedures.pass_` and :mod:`league_manager.match.procedures.ball`.
The functions never change the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from league_manager.match.actions import REROLL, USE_PRO, USE_SKILL_REROLL, USE_TEAM_REROLL, Action
from league_manager.match.chances import (
    KINDS,
    PRO_CHANCE,
    DiceTest,
    Rerolls,
    chain_success,
    kind_bit,
    need,
    p_roll,
)
from league_manager.match.core import Ctx
from league_manager.match.engine import Match
from league_manager.match.inducements import mascot
from league_manager.match.pitch import BAND_NAMES, pass_band
from league_manager.match.procedures.ball import can_catch, catch_modifiers
from league_manager.match.procedures.block import (
    PLAYER_DOWN,
    POW,
    PUSH_BACK,
    STUMBLE,
    dice_count,
    strengths,
)
from league_manager.match.procedures.pass_ import (
    ACCURATE,
    interference_modifiers,
    interferers,
    max_pass_band,
    pass_modifiers,
)
from league_manager.match.procedures.rerolls import team_reroll_available
from league_manager.match.skills import points
from league_manager.match.skills.registry import used_key
from league_manager.rules.dice import BLOCK_FACES

DEFENDER_DOWN = "defender_down"
BOTH_PRONE = "both_prone"  # Wrestle: both placed prone, no armour roll
PUSH = "push"
NOTHING = "nothing"  # Both Down when both players have Block
BOTH_DOWN_RESULT = "both_down"
ATTACKER_DOWN = "attacker_down"
__all__ = [
    "BlockOdds",
    "PassOdds",
    "block_odds",
    "need",
    "p_roll",
    "pass_odds",
    "player_rerolls",
    "reroll_odds",
]

ATTACKER_ORDER = (DEFENDER_DOWN, BOTH_PRONE, PUSH, NOTHING, BOTH_DOWN_RESULT, ATTACKER_DOWN)
"""Block results from the attacker's best to worst; the defender ranks them the other way
round except that they prefer anything to being knocked down alone."""
DEFENDER_ORDER = (ATTACKER_DOWN, BOTH_DOWN_RESULT, NOTHING, PUSH, BOTH_PRONE, DEFENDER_DOWN)


def _ctx(source: Match | Ctx) -> Ctx:
    return source.ctx if isinstance(source, Match) else source


def loner_chance(c: Ctx, p: int) -> float:
    """The chance that p may actually use a team re-roll (Loner X+), 1.0 without Loner."""
    chance = 1.0
    for skill, fn in c.hook(p, points.LONER):
        chance *= (7 - max(2, int(fn(c.param(p, skill))))) / 6
    return chance


def player_rerolls(c: Ctx, p: int) -> Rerolls:
    """The re-roll sources p has now: team re-rolls (Loner), re-roll skills, Pro."""
    s = c.s
    team = s.team[p]
    once = always = 0
    for kind in KINDS:
        for skill, fn in c.hook(p, points.SKILL_REROLL):
            how = fn(kind)
            if how is None or (how in ("once", "game") and (p, used_key(skill, s.half)) in s.skill_used):
                continue
            if how == "always":
                always |= kind_bit(kind)
            else:
                once |= kind_bit(kind)
            break
    team_left = s.rerolls[team] + s.extra_rerolls[team] if team_reroll_available(c, team) else 0
    if team_reroll_available(c, team):
        team_left += mascot.counted(s, team)
    pro = c.has(p, points.PRO) and (p, "Pro") not in s.skill_used and s.active == team
    return Rerolls(team_left, team_reroll_chance(c, p), once, always, pro)


def team_reroll_chance(c: Ctx, p: int) -> float:
    """The chance a team re-roll asked for by p happens: its Loner test, and the Team Mascot's
    D6 when the mascot is the team's only re-roll left (a failed BB2020 mascot falls back on
    an ordinary re-roll, so with one left the mascot changes nothing)."""
    s = c.s
    team = s.team[p]
    works = loner_chance(c, p)
    if s.rerolls[team] + s.extra_rerolls[team] == 0 and mascot.available(s, team):
        works *= mascot.chance(c)
    return works


@dataclass(frozen=True, slots=True)
class BlockOdds:
    """The dice of a block and the chance of each result.

    ``outcomes`` maps each result (``defender_down``, ``both_down``, ``attacker_down``,
    ``push``, ``both_prone``, ``nothing``) to its chance when the chooser takes the best
    die for them; ``outcomes_rr`` the same when the attacker re-rolls (team re-roll, else
    Pro on the worst die) every result that would knock them down.
    """

    dice: int
    attacker_chooses: bool
    st_attacker: int
    st_defender: int
    outcomes: dict[str, float] = field(default_factory=dict)
    outcomes_rr: dict[str, float] = field(default_factory=dict)

    @property
    def p_defender_down(self) -> float:
        """Chance the defender ends on the ground (alone or with the attacker)."""
        o = self.outcomes
        return o.get(DEFENDER_DOWN, 0.0) + o.get(BOTH_DOWN_RESULT, 0.0) + o.get(BOTH_PRONE, 0.0)

    @property
    def p_attacker_down(self) -> float:
        """Chance the attacker ends on the ground (a turnover unless Wrestle)."""
        o = self.outcomes
        return o.get(ATTACKER_DOWN, 0.0) + o.get(BOTH_DOWN_RESULT, 0.0) + o.get(BOTH_PRONE, 0.0)

    @property
    def p_push_only(self) -> float:
        """Chance of a push with nobody down."""
        return self.outcomes.get(PUSH, 0.0)


def _face_result(c: Ctx, att: int, dfd: int, face: str, blitz: bool) -> str:
    """What one block die face does, each coach using their optional skills at best."""
    if face == PLAYER_DOWN:
        return ATTACKER_DOWN
    if face in (PUSH_BACK, POW):
        return PUSH if face == PUSH_BACK else DEFENDER_DOWN
    if face == STUMBLE:
        dodges = c.has(dfd, points.STUMBLE_SAFE) and not c.has(att, points.CANCEL_STUMBLE_SAFE)
        return PUSH if dodges else DEFENDER_DOWN
    juggernaut = blitz and c.has(att, points.JUGGERNAUT)
    att_safe = c.has(att, points.BOTH_DOWN_SAFE)
    dfd_safe = c.has(dfd, points.BOTH_DOWN_SAFE)
    if att_safe and dfd_safe:
        result = NOTHING
    elif att_safe:
        result = DEFENDER_DOWN
    elif dfd_safe:
        result = ATTACKER_DOWN
    else:
        result = BOTH_DOWN_RESULT
    if c.has(dfd, points.BOTH_DOWN_PRONE) and not juggernaut:
        result = min(result, BOTH_PRONE, key=DEFENDER_ORDER.index)
    if c.has(att, points.BOTH_DOWN_PRONE):
        result = min(result, BOTH_PRONE, key=ATTACKER_ORDER.index)
    if juggernaut:
        result = min(result, PUSH, key=ATTACKER_ORDER.index)
    return result


def face_result(source: Match | Ctx, att: int, dfd: int, face: str, blitz: bool) -> str:
    """What one block die face does to ``att`` and ``dfd`` (``defender_down``, ``push`` …),
    each coach using their optional skills at best (for bots choosing a die)."""
    return _face_result(_ctx(source), att, dfd, face, blitz)


def _dice_outcomes(results: list[str], n: int, attacker_chooses: bool) -> dict[str, float]:
    order = ATTACKER_ORDER if attacker_chooses else DEFENDER_ORDER
    out: dict[str, float] = {}
    weight = 1 / 6**n
    for faces in product(range(6), repeat=n):
        best = min((results[f] for f in faces), key=order.index)
        out[best] = out.get(best, 0.0) + weight
    return out


def _rerolled(base: dict[str, float], chance: float) -> dict[str, float]:
    """Re-roll every result that knocks the attacker down, with ``chance`` of getting one."""
    bad = (ATTACKER_DOWN, BOTH_DOWN_RESULT)
    p_bad = sum(base.get(k, 0.0) for k in bad)
    out = {k: v for k, v in base.items() if k not in bad}
    for k in bad:
        if k in base:
            out[k] = base[k] * (1 - chance)
    for k, v in base.items():
        out[k] = out.get(k, 0.0) + p_bad * chance * v
    return out


def block_odds(source: Match | Ctx, attacker: int, defender: int, blitz: bool) -> BlockOdds:
    """The dice count, the chooser and the chance of each result of a block.

    Horns on a Blitz add to the attacker's strength; Dauntless is counted with its chance
    of success. Re-rolls: a team re-roll (with its Loner chance) when the team may use
    one, else Pro (re-rolling all dice is not allowed; Pro is taken as re-rolling the
    whole result with its 3+ chance, exact for one die).
    """
    c = _ctx(source)
    s = c.s
    base_a = s.st[attacker]
    if blitz:
        base_a += sum(int(fn()) for _skill, fn in c.hook(attacker, points.BLITZ_STRENGTH))
    variants: list[tuple[float, int]] = [(1.0, base_a)]
    if base_a < s.st[defender] and c.has(attacker, points.DAUNTLESS):
        win = sum(1 for roll in range(1, 7) if roll + base_a > s.st[defender]) / 6
        variants = [(win, s.st[defender]), (1 - win, base_a)]
    results = [_face_result(c, attacker, defender, f, blitz) for f in BLOCK_FACES]
    chance = block_reroll_chance(c, attacker)
    outcomes: dict[str, float] = {}
    outcomes_rr: dict[str, float] = {}
    for weight, base in variants:
        st_a, st_d, _off, _dfn = strengths(c, attacker, defender, base)
        n, chooser = dice_count(st_a, st_d)
        once = _dice_outcomes(results, n, chooser)
        for k, v in once.items():
            outcomes[k] = outcomes.get(k, 0.0) + weight * v
        for k, v in _rerolled(once, chance).items():
            outcomes_rr[k] = outcomes_rr.get(k, 0.0) + weight * v
    st_a, st_d, _off, _dfn = strengths(c, attacker, defender, base_a)
    n, chooser = dice_count(st_a, st_d)
    return BlockOdds(n, chooser, st_a, st_d, outcomes, outcomes_rr)


def block_reroll_chance(c: Ctx, p: int) -> float:
    """The chance the attacker gets to re-roll block dice: team re-roll (Loner), else Pro."""
    s = c.s
    team = s.team[p]
    if team_reroll_available(c, team):
        return team_reroll_chance(c, p)
    if c.has(p, points.PRO) and (p, "Pro") not in s.skill_used and s.active == team:
        return PRO_CHANCE
    return 0.0


@dataclass(frozen=True, slots=True)
class PassOdds:
    """A pass to one square: its range, the roll needed and the chances.

    Attributes:
        band: 1 Quick … 4 Long Bomb (-1 out of range); band_name its name.
        need: natural roll needed for an accurate pass (0 when the thrower has no PA).
        p_accurate, p_accurate_rr: chance of an accurate pass without / with re-rolls.
        receiver: the player in the target square (-1 none); catch_need, p_catch,
            p_catch_rr: their catch (0 chances when nobody can catch there).
        interceptors: (player, roll needed) of each opponent who may interfere.
        p_interception: chance the best interceptor deflects and catches an accurate pass.
        p_deflection: chance the best interceptor at least deflects it.
        p_complete: chance the pass is accurate, not deflected and caught (with re-rolls).
    """

    band: int
    band_name: str
    need: int
    p_accurate: float
    p_accurate_rr: float
    receiver: int
    catch_need: int
    p_catch: float
    p_catch_rr: float
    interceptors: list[tuple[int, int]]
    p_interception: float
    p_deflection: float
    p_complete: float


def pass_odds(source: Match | Ctx, thrower: int, square: int) -> PassOdds:
    """The chances of a pass by ``thrower`` to ``square`` from where they stand now (none over
    a range the weather forbids: a Blizzard allows quick and short passes only)."""
    c = _ctx(source)
    s = c.s
    band = pass_band(s.pos[thrower], square)
    if band > max_pass_band(c):
        band = -1
    name = BAND_NAMES[band] if band >= 0 else "out of range"
    pa_need = 0
    p_acc = p_acc_rr = 0.0
    if s.pa[thrower] and band > 0:
        mod = sum(v for _, v in pass_modifiers(c, thrower, band, square))
        pa_need = need(s.pa[thrower], mod)
        p_acc, p_acc_rr = chain_success([DiceTest("pass", pa_need)], player_rerolls(c, thrower))
    receiver = s.board[square]
    catch_need = 0
    p_catch = p_catch_rr = 0.0
    if receiver >= 0 and can_catch(c, receiver):
        mod = sum(v for _, v in catch_modifiers(c, receiver))
        catch_need = need(s.ag[receiver], mod)
        rr = player_rerolls(c, receiver) if s.team[receiver] == s.team[thrower] else Rerolls()
        p_catch, p_catch_rr = chain_success([DiceTest("catch", catch_need)], rr)
    interceptors: list[tuple[int, int]] = []
    p_int = p_defl = 0.0
    for q in interferers(c, thrower, square):
        mod = sum(v for _, v in interference_modifiers(c, thrower, q, ACCURATE))
        q_need = need(s.ag[q], mod)
        interceptors.append((q, q_need))
        defl = (7 - q_need) / 6
        catch_mod = sum(v for _, v in catch_modifiers(c, q, (("interception", -1),)))
        caught = (7 - need(s.ag[q], catch_mod)) / 6 if c.ed.deflection else 1.0  # Season 3: no catch
        if defl * caught > p_int or (defl * caught == p_int and defl > p_defl):
            p_int, p_defl = defl * caught, defl
    p_complete = p_acc_rr * (1 - p_defl) * p_catch_rr
    return PassOdds(
        band, name, pa_need, p_acc, p_acc_rr, receiver, catch_need, p_catch, p_catch_rr,
        interceptors, p_int, p_defl, p_complete,
    )  # fmt: skip


def reroll_odds(match: Match) -> dict[Action, float]:
    """For a re-roll prompt after a failed test: each option's chance of passing it now.

    Skill and team re-rolls re-roll at once (a team re-roll with its Loner chance), Pro on
    a 3+; declining gives 0. Empty for other prompts (block dice re-rolls included).
    """
    prompt = match.prompt
    if prompt is None or prompt.kind != REROLL or prompt.info.get("roll") == "block":
        return {}
    kind, p = prompt.info.get("roll"), prompt.info.get("player")
    failed = next((e for e in reversed(match.events) if e.kind == kind and e.player == p), None)
    if failed is None or not failed.target:
        return {}
    q = (7 - need(failed.target, sum(v for _, v in failed.modifiers))) / 6
    c = match.ctx
    found: dict[Action, float] = {}
    for option in prompt.options:
        if option.kind == USE_SKILL_REROLL:
            found[option] = q
        elif option.kind == USE_TEAM_REROLL:
            found[option] = team_reroll_chance(c, option.player) * q
        elif option.kind == USE_PRO:
            found[option] = PRO_CHANCE * q
        else:
            found[option] = 0.0
    return found
