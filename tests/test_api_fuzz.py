"""A bounded schemathesis run of the HTTP API against its own OpenAPI document: whatever the
generated request, the server answers without a 5xx, and keeps answering."""

from __future__ import annotations

from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis")
pytest.importorskip("fastapi")

from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from spareggio.web import create_app

# schemathesis calls the application as "testserver": allowed like a reverse proxy's name
APP = create_app(
    [str(Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf")], hosts=["testserver"]
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_answers_5xx(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
    assert response.status_code < 500
