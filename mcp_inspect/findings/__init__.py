"""What every finding is made of: the severity scale, rules, findings and reports, and the
values built from reports: a release's semver plan (``release``, reading versions with
``semver``) and a server's history (``history``).

A change found by the classification and a check found by the lint are the same kind of
value here: one ``Rule`` record per catalogue entry, one ``Finding`` per fact, one
``Report`` holding one side (a lint) or two (a diff).

May import: ``model``, ``text`` and ``limits`` only, so that every layer may use these values.
"""
