"""Pyodide's foreign function interface, as far as the page uses it."""

from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JavaScript object seen from Python."""

    def __getattr__(self, name: str) -> Any: ...

class JsException(Exception): ...

def create_proxy(
    obj: Any, /, *, capture_this: bool = False, roundtrip: bool = True
) -> Any:
    """A JavaScript handle to ``obj`` that lives until its ``destroy()`` is called."""

def create_once_callable(obj: Callable[..., Any], /, *, _may_syncify: bool = False) -> Any:
    """A JavaScript function that calls ``obj`` once, then frees it."""

def to_js(
    obj: Any,
    /,
    *,
    depth: int = -1,
    pyproxies: Any = None,
    create_pyproxies: bool = True,
    dict_converter: Callable[[Any], Any] | None = None,
    default_converter: Callable[[Any, Any, Any], Any] | None = None,
    eager_converter: Callable[[Any, Any, Any], Any] | None = None,
) -> Any:
    """``obj`` converted to a JavaScript value."""
