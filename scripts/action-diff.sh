#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): diff once, write every report, exit by the gate.
#
# Inputs arrive as environment variables, never interpolated into the script, so a
# crafted input cannot inject shell. Needs GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
# RUNNER_TEMP (GitHub sets them; tests/test_action.py sets them too).
set -uo pipefail

# When neither input is spelled as a live server, both are files to read and nothing
# else: a pull request that turns one into an mcp.json must not get its commands run.
live='^(stdio:|https?://)'
if [[ ! "$BASELINE" =~ $live && ! "$CURRENT" =~ $live ]]; then export MCP_INSPECT_OFFLINE=1; fi

report="${RUNNER_TEMP}/mcp-inspect-report.json"
args=(diff "$BASELINE" "$CURRENT" --report "json=$report")
if [[ -n "${CONFIG:-}" ]]; then args+=(--config "$CONFIG"); fi
if [[ -n "${FAIL_ON:-}" ]]; then args+=(--fail-on "$FAIL_ON"); fi
if [[ -n "${SARIF:-}" ]]; then args+=(--report "sarif=$SARIF"); fi
if [[ "${SUMMARY:-true}" == "true" ]]; then args+=(--report "markdown=$GITHUB_STEP_SUMMARY"); fi
if [[ "${ANNOTATIONS:-true}" == "true" ]]; then args+=(--format github); else args+=(--format text); fi

mcp-inspect "${args[@]}"
code=$?

if [[ -f "$report" ]]; then
  python - "$report" >> "$GITHUB_OUTPUT" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))["summary"]
print(f"gate={summary['gate']}")
print(f"breaking={summary['BREAKING']}")
print(f"report={sys.argv[1]}")
PY
fi
exit "$code"
