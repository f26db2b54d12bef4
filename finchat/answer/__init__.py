"""The answer stage: a direct, cited answer from the statement facts (compose.py, derive.py), used by
`ask`, `chat` and the evaluations alike."""
