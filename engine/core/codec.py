"""JSON codec for the frozen dataclasses that make up events, orders and states.

Encoding is driven by the dataclass field types, so a game declares its data once, as typed
dataclasses, and gets a stable JSON form for the event log, orders and snapshots. Supported types:
None, bool, int, float, str, Enum, Literal, Optional/Union with None, tuple[X, ...], fixed tuples,
frozenset[X] (stored sorted), dict[K, V] with str/int/Enum keys, and nested dataclasses.
Decoders are compiled once per class and encoders once per runtime type, because replaying
or auditing a log decodes or encodes every event.
"""
from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")
Converter = Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


def encode(value: Any) -> Any:
    """Return `value` (a dataclass, enum, container or scalar) as JSON-ready data."""
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        encoder = _ENCODERS[type(value)] = _encoder_for(type(value))
    return encoder(value)


_ENCODERS: dict[type, Converter] = {}
"""The encoder of each runtime type met so far: encoding is the hot path of an audit."""


def _encoder_for(tp: type) -> Converter:
    """Return the function encoding values whose type is exactly `tp`."""
    if tp is type(None) or issubclass(tp, (bool, int, float, str)):
        return _identity
    if issubclass(tp, enum.Enum):
        return _enum_value
    if dataclasses.is_dataclass(tp):
        return _dataclass_encoder(tuple(f.name for f in _fields(tp)))
    if issubclass(tp, (tuple, list)):
        return _encode_sequence
    if issubclass(tp, (frozenset, set)):
        return _encode_set
    if issubclass(tp, dict):
        return _encode_dict
    return _refuse


_PLAIN = frozenset({str, int, bool, float, type(None)})


def _dataclass_encoder(names: tuple[str, ...]) -> Converter:
    """Return an encoder of a dataclass with fields `names` (scalar fields copied as they are)."""
    plain = _PLAIN

    def encode_fields(value: Any) -> Any:
        result = {}
        for name in names:
            item = getattr(value, name)
            result[name] = item if type(item) in plain else encode(item)
        return result

    return encode_fields


def _enum_value(value: Any) -> Any:
    return value.value


def _encode_sequence(value: Any) -> Any:
    return [item if type(item) in _PLAIN else encode(item) for item in value]


def _encode_set(value: Any) -> Any:
    return sorted((encode(item) for item in value), key=_sort_key)


def _encode_dict(value: Any) -> Any:
    return {_encode_key(k): encode(v) for k, v in value.items()}


def _refuse(value: Any) -> Any:
    raise TypeError(f"cannot encode {type(value).__name__}")


def _sort_key(item: Any) -> Any:
    return (str(type(item)), item if not isinstance(item, (dict, list)) else repr(item))


def _encode_key(key: Any) -> str:
    if isinstance(key, enum.Enum):
        return str(key.value)
    return str(key)


def decode(cls: type[T], data: Any) -> T:
    """Return an instance of `cls` rebuilt from JSON-ready `data`."""
    converter: Converter = _converter(cls)  # type: ignore[arg-type]
    result: T = converter(data)
    return result


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


@cache
def _converter(tp: Any) -> Converter:
    """Return a function turning JSON data into a value of type `tp`."""
    if tp in (Any, int, str, bool, type(None)):
        return _identity
    if tp is float:
        return float
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return _identity
    if origin in (typing.Union, types.UnionType):
        return _union_converter(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_converter(tp)
    if origin is tuple:
        return _tuple_converter(typing.get_args(tp))
    if origin is frozenset:
        inner = _converter(typing.get_args(tp)[0])
        return lambda data: frozenset(inner(item) for item in data)
    if origin is dict or origin is typing.Mapping:
        key_tp, value_tp = typing.get_args(tp)
        return _dict_converter(key_tp, value_tp)
    raise TypeError(f"the codec does not support {tp!r}")


def _union_converter(tp: Any) -> Converter:
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if len(args) != 1:
        raise TypeError(f"only Optional[X] unions are supported, not {tp!r}")
    inner = _converter(args[0])
    if inner is _identity:
        return _identity
    return lambda data: None if data is None else inner(data)


def _tuple_converter(args: tuple[Any, ...]) -> Converter:
    if len(args) == 2 and args[1] is Ellipsis:
        inner = _converter(args[0])
        if inner is _identity:
            return tuple
        return lambda data: tuple([inner(item) for item in data])
    converters = [_converter(a) for a in args]
    return lambda data: tuple([conv(item) for conv, item in zip(converters, data, strict=True)])


def _dict_converter(key_tp: Any, value_tp: Any) -> Converter:
    value_conv = _converter(value_tp)
    if key_tp is str:
        key_conv: Converter = _identity
    elif key_tp is int:
        key_conv = int
    elif isinstance(key_tp, type) and issubclass(key_tp, enum.Enum):
        key_conv = key_tp
    else:
        raise TypeError(f"dict keys must be str, int or an Enum, not {key_tp!r}")
    if key_conv is _identity and value_conv is _identity:
        return dict
    return lambda data: {key_conv(k): value_conv(v) for k, v in data.items()}


def _dataclass_converter(cls: type) -> Converter:
    """Return the decoder of `cls`; a field with a default may be missing from older data."""
    hints = typing.get_type_hints(cls)
    fields = [f for f in _fields(cls) if f.init]
    required = [(f.name, _converter(hints[f.name])) for f in fields if not _has_default(f)]
    optional = [(f.name, _converter(hints[f.name])) for f in fields if _has_default(f)]

    def convert(data: Any) -> Any:
        values = {name: conv(data[name]) for name, conv in required}
        for name, conv in optional:
            if name in data:
                values[name] = conv(data[name])
        return cls(**values)

    if not optional and all(conv is _identity for _, conv in required):
        names = [name for name, _ in required]
        return lambda data: cls(**{name: data[name] for name in names})
    return convert


def _has_default(item: dataclasses.Field[Any]) -> bool:
    return (item.default is not dataclasses.MISSING
            or item.default_factory is not dataclasses.MISSING)
