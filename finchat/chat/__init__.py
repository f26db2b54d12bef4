"""The analyst's chat: the REPL, the Ollama client and prompt building."""
