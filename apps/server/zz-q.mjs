import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/pgcopy');
for (const q of [
 "select id, last_seq, created_at from conversations order by created_at desc limit 3",
 "select conversation_id, seq, left(body,40) b, created_at from messages order by created_at desc limit 6",
 "select user_id, seq, type, created_at from realtime_events order by created_at desc limit 8",
 "select kind, title, created_at from notifications order by created_at desc limit 4",
]) { try { console.log(q, (await db.query(q)).rows); } catch (e) { console.log(q, e.message); } }
