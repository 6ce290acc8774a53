"""Reactions the chemistry families draw: each function returns (reactants, products) as
formulas, unbalanced, of one kind of reaction with ions allowed at ``level`` (see
:func:`rlvr_envs.families.science.chemistry.random_compound`)."""

from __future__ import annotations

import random

from rlvr_envs.families.science.chemistry import (
    ANIONS,
    CATIONS,
    ionic,
    is_polyatomic,
    organic,
    random_compound,
)

_ACIDS = [a for a in ANIONS if a[0] not in ("O", "N", "OH", "F")]
_ACTIVE = ("Na", "K", "Li", "Mg", "Ca", "Ba", "Zn", "Fe", "Al")
_NONMETALS = {"O": "O2", "Cl": "Cl2", "Br": "Br2", "I": "I2", "F": "F2", "N": "N2", "S": "S"}


def synthesis(rng: random.Random, level: int) -> tuple[list[str], list[str]]:
    metals = [c for c in CATIONS if not is_polyatomic(c[0]) and c[1] <= min(level + 1, 3)]
    anions = [a for a in ANIONS if a[0] in _NONMETALS and -a[1] <= min(level + 1, 3)]
    metal, anion = rng.choice(metals), rng.choice(anions)
    return [metal[0], _NONMETALS[anion[0]]], [ionic(metal, anion)]


def combustion(rng: random.Random, carbons: int) -> tuple[list[str], list[str]]:
    c = rng.randint(max(1, carbons // 2), carbons)
    shape = rng.choice(("alkane", "alkene", "alcohol") if c > 1 else ("alkane", "alcohol"))
    h = 2 * c + 2 if shape != "alkene" else 2 * c
    fuel = organic(c, h, 1 if shape == "alcohol" else 0)
    return [fuel, "O2"], ["CO2", "H2O"]


def single_displacement(rng: random.Random, level: int) -> tuple[list[str], list[str]]:
    metals = [c for c in CATIONS if not is_polyatomic(c[0]) and c[1] <= min(level + 1, 3)]
    anions = [a for a in ANIONS if (level >= 3 or not is_polyatomic(a[0])) and a[0] != "O"]
    anions = [a for a in anions if a[0] not in ("N", "S") or level >= 2]
    free, bound = rng.sample(metals, 2)
    anion = rng.choice(anions)
    return [free[0], ionic(bound, anion)], [ionic(free, anion), bound[0]]


def acid(anion: tuple[str, int]) -> str:
    """The acid of an anion: ``HCl``, ``H2SO4``, ``H3PO4``."""
    return f"H{-anion[1] if anion[1] < -1 else ''}{anion[0]}"


def neutralisation(rng: random.Random, level: int) -> tuple[list[str], list[str]]:
    cations = [c for c in CATIONS if c[1] <= min(level + 1, 3) and c[0] != "NH4"]
    anions = [a for a in _ACIDS if -a[1] <= min(level + 1, 3)]
    cat, an = rng.choice(cations), rng.choice(anions)
    return [acid(an), ionic(cat, ("OH", -1))], [ionic(cat, an), "H2O"]


def metal_and_acid(rng: random.Random, level: int) -> tuple[list[str], list[str]]:
    metals = [c for c in CATIONS if c[0] in _ACTIVE and c[1] <= min(level + 1, 3)]
    anions = [a for a in _ACIDS if -a[1] <= min(level + 1, 3) and a[0] != "CO3"]
    metal, an = rng.choice(metals), rng.choice(anions)
    return [metal[0], acid(an)], [ionic(metal, an), "H2"]


def double_displacement(rng: random.Random, level: int) -> tuple[list[str], list[str]]:
    _, cat1, an1 = random_compound(rng, level)
    _, cat2, an2 = random_compound(rng, level)
    return [ionic(cat1, an1), ionic(cat2, an2)], [ionic(cat1, an2), ionic(cat2, an1)]
