"""Schemathesis against the running service (loopback), from its own /openapi.json, with
every check it has: a bounded number of examples per operation and a fixed seed, so the run
is the same every time and stays within some 30 s on two cores. Any 5xx, any status, header,
content type or body the document does not describe, any schema-invalid request accepted,
fails it.

One check is configured rather than taken as it comes: ``positive_data_acceptance`` expects
every schema-valid request to succeed, but the document cannot say everything the service
checks (an unknown rule code in ``select``, a tool without a name in a diff, a surface the
reader refuses are each a 400 that the document lists); a 400 is accepted there too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis  # the test extra: CI fails, never skips, without it
from hypothesis import HealthCheck, Phase, seed, settings
from serve_helpers import running_server

#: Examples per operation: 8 operations, and the whole run within ~20 s on two cores (the suite's
#: time on CI is the bound; the fuzz tests carry the search for hostile bodies).
EXAMPLES = 15


@pytest.fixture(scope="module")
def service_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    with running_server(tmp_path_factory.mktemp("schemathesis"), "--workers", "2",
                        "--max-per-client", "64") as server:
        loaded = schemathesis.openapi.from_url(server.url + "/openapi.json")
        loaded.config.checks.positive_data_acceptance.expected_statuses = ["2xx", "400", "404", "429"]
        yield loaded


schema = schemathesis.pytest.from_fixture("service_schema")


@schema.parametrize()
@seed(28)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
def test_the_service_conforms_to_its_openapi_document(case: object) -> None:
    case.call_and_validate()  # type: ignore[attr-defined]
