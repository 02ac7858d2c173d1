"""Pure renderers, one module per format (text, json_report, sarif, markdown, github), each a
function of a Report (or the reports of several servers) and nothing else; render.py picks
one. The shared pieces: escape (untrusted text), phrases (wording several formats share),
ids, budget (what fits a comment), console and json_text (output plumbing)."""
