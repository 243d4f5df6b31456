"""Discovery: a registry that a package's modules fill, each registering itself on import, is
complete once every module of the package is imported. Nothing lists the modules by hand: a
variant (``ratscrew.variants``) or its web part (``web.table.parts``) is added by dropping a
module, or a package, in its folder.

Standard library only: the engine and the page use the same discovery.
"""

from __future__ import annotations

import importlib
import pkgutil

_DISCOVERED: set[str] = set()
"""The packages discovered already (each is, once)."""


def module_names(package_name: str) -> list[str]:
    """The full names of a package's modules and subpackages, in their names' order (but
    ``_private`` ones): what :func:`discover` imports."""
    package = importlib.import_module(package_name)
    return [f"{package_name}.{info.name}"
            for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name)
            if not info.name.startswith("_")]


def discover(package_name: str) -> None:
    """Import every module of a package (:func:`module_names`) the first time it is asked
    (a module that asks again while they are imported is not answered twice)."""
    if package_name in _DISCOVERED:
        return
    _DISCOVERED.add(package_name)
    for name in module_names(package_name):
        importlib.import_module(name)
