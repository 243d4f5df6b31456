"""The games of the family: one module a variant, found by discovery.

Each module here builds its :class:`~ratscrew.core.variant.Variant` (its rules, options,
events and hooks) and registers it; importing this package imports them all, so a variant
is added by dropping a module in this folder. The registry and the lookups live in
:mod:`ratscrew.core.variant` and are re-exported here, filled.
"""

from ratscrew.core.variant import VARIANTS, Variant, VariantError, discover, find_variant, register

discover()

__all__ = ["VARIANTS", "Variant", "VariantError", "discover", "find_variant", "register"]
