#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): diff once, write every report, exit by the gate.
#
# Inputs arrive as environment variables, never interpolated into the script, so a
# crafted input cannot inject shell. Needs GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
# RUNNER_TEMP (GitHub sets them; tests/test_action.py sets them too).
set -uo pipefail

# A workflow command's data with the characters GitHub reads as its syntax escaped, so an
# input quoted in a message cannot start a command of its own.
command_data() {
  local text="$1"
  text="${text//'%'/%25}"
  text="${text//$'\r'/%0D}"
  text="${text//$'\n'/%0A}"
  printf '%s' "$text"
}

# An on/off input, read as YAML and people write it: true/yes/1 or false/no/0 in any
# letter case ("True" from a YAML editor too); empty is the default. Anything else is an
# error, not a quiet "off". Sets the variable named $1 to true or false.
read_boolean() {
  local target="$1" input="$2" value="${3:-$4}"
  case "$(printf '%s' "$value" | tr '[:upper:]' '[:lower:]')" in
    true|yes|1) printf -v "$target" true ;;
    false|no|0) printf -v "$target" false ;;
    *)
      echo "::error title=mcp-inspect::input $input must be true or false (also yes/no, 1/0, any letter case), got '$(command_data "$value")'"
      exit 2
      ;;
  esac
}

read_boolean summary summary "${SUMMARY:-}" true
read_boolean annotations annotations "${ANNOTATIONS:-}" true
read_boolean allow_missing allow-missing-baseline "${ALLOW_MISSING_BASELINE:-}" true

# When neither input is spelled as a live server, both are files to read and nothing
# else: a pull request that turns one into an mcp.json must not get its commands run.
live='^(stdio:|https?://)'
if [[ ! "$BASELINE" =~ $live && ! "$CURRENT" =~ $live ]]; then export MCP_INSPECT_OFFLINE=1; fi

report="${RUNNER_TEMP}/mcp-inspect-report.json"
rm -f "$report"
args=(diff "$BASELINE" "$CURRENT" --report "json=$report")
if [[ -n "${CONFIG:-}" ]]; then args+=(--config "$CONFIG"); fi
if [[ -n "${FAIL_ON:-}" ]]; then args+=(--fail-on "$FAIL_ON"); fi
if [[ -n "${SARIF:-}" ]]; then args+=(--report "sarif=$SARIF"); fi
if [[ "$summary" == true ]]; then args+=(--report "markdown=$GITHUB_STEP_SUMMARY"); fi
if [[ "$annotations" == true ]]; then args+=(--format github); else args+=(--format text); fi
if [[ "$allow_missing" == true ]]; then args+=(--allow-missing-baseline); fi

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
elif [[ "$code" == 0 ]]; then
  # The first run: no baseline yet (mcp-inspect said so on stderr and passed). Say how to
  # get one where the pull request's reviewers look.
  advice="No baseline yet at $BASELINE, so nothing was compared and the check passes. Commit the surface ($CURRENT) to the base branch where the baseline input reads it; pull requests after that are compared with it."
  if [[ "$annotations" == true ]]; then
    echo "::notice title=mcp-inspect::$(command_data "$advice")"
  fi
  if [[ "$summary" == true ]]; then
    python - "$BASELINE" "$CURRENT" >> "$GITHUB_STEP_SUMMARY" <<'PY'
import sys
from mcp_inspect.text.escape import markdown_span
baseline, current = (markdown_span(v) for v in sys.argv[1:3])
print("## mcp-inspect: no baseline yet\n")
print(f"{baseline} does not exist yet, so nothing was compared and the check passes. Commit the "
      f"surface ({current}) to the base branch where the `baseline` input reads it; pull requests "
      "after that are compared with it.")
PY
  fi
  printf 'gate=pass\nbreaking=0\nreport=\n' >> "$GITHUB_OUTPUT"
fi
exit "$code"
