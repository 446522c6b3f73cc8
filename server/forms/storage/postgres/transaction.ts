import type pg from 'pg';

/**
 * `work` in one transaction on one pooled connection: committed when it
 * resolves, rolled back when it throws. A connection that failed on the way
 * is destroyed, never reused: a database restart may have cut it. Its
 * 'error' event (the connection cut between two statements) is listened to
 * meanwhile, since unheard it would end the process; `onCut` hears it.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  onCut?: (error: Error) => void,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  const cut = (error: Error) => {
    broken = true;
    onCut?.(error);
  };
  client.on('error', cut);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', cut);
    client.release(broken);
  }
}
