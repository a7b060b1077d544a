"""Marshmallow schemas of the JSON API: what an order request may hold."""
from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from service.orders.processing import MAX_ORDER_BYTES

MAX_STANDING = 2000
"""The longest standing answers text the API takes (a few entries separated by `/`)."""


class OrderRequest(Schema):
    """An order: its text in the email grammar, or the order as JSON {"kind": ...}."""

    class Meta:
        unknown = RAISE

    text = fields.String(validate=validate.Length(min=1, max=MAX_ORDER_BYTES))
    order = fields.Dict(keys=fields.String())
    prompt_key = fields.String(validate=validate.Length(min=1, max=128))

    @validates_schema
    def one_way(self, data: dict[str, Any], **_: Any) -> None:
        """Require exactly one of text and order, and a kind in a structured order."""
        if ("text" in data) == ("order" in data):
            raise ValidationError("give either text or order, not both or neither")
        if "order" in data and not isinstance(data["order"].get("kind"), str):
            raise ValidationError("a structured order needs a string kind", "order")


class StandingRequest(Schema):
    """Standing answers to set, as after the `standing` mail command: `windows: on`,
    `clear windows`, `clear`."""

    class Meta:
        unknown = RAISE

    text = fields.String(required=True, validate=validate.Length(min=1, max=MAX_STANDING))
