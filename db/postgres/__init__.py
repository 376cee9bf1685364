"""The PostgreSQL side of the store: the same statements as SQLite's, run over an asyncpg pool."""
