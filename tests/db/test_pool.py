import numpy as np

from finchat.db.pool import close_pool, connect, get_pool
from finchat.config import load_settings


def test_configured_connection_speaks_vector_and_cypher(db_url):
    with connect(db_url) as conn:
        v = conn.execute("SELECT '[1,2,3]'::vector").fetchone()[0]
        arr = v if isinstance(v, np.ndarray) else v.to_numpy()
        assert arr.tolist() == [1, 2, 3]
        rows = conn.execute(
            "SELECT * FROM cypher('finchat_kg', $$ RETURN 1 + 1 $$) AS (x agtype)").fetchall()
        assert str(rows[0][0]) == "2"


def test_pool_is_shared_and_configured(env_db):
    pool = get_pool(load_settings())
    assert get_pool(load_settings()) is pool
    with pool.connection() as conn:
        got = conn.execute("SELECT %s::vector <=> %s::vector", (np.array([1.0, 0.0]), np.array([0.0, 1.0]))).fetchone()
        assert abs(got[0] - 1.0) < 1e-6
    close_pool()
