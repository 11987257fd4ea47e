import { createHash } from "node:crypto";
import type { Sql } from "./database";

/**
 * Everything the database holds of one reader, as one text: the account row, its sessions (app
 * passwords among them) and reset tokens, two-factor, passkeys and email changes, cart,
 * wishlist, loans, holds, ledger, reviews (and the ratings they move), reading progress,
 * annotations and reader preferences, stored idempotent answers and the mail written to them.
 * Equal texts before and after a refused call mean the call changed nothing of theirs.
 */
export async function readerRows(sql: Sql, userId: string): Promise<string> {
  const [row] = await sql.query<{ rows: string }>(
    `select json_build_object(
       'user', (select row_to_json(u) from users u where u.id = $1),
       'sessions', (select json_agg(json_build_object('id', s.id, 'hash', s.token_hash,
                      'expires', s.expires_at, 'revoked', s.revoked_at, 'app', s.app_name)
                      order by s.id)
                    from sessions s where s.user_id = $1),
       'resets', (select json_agg(r order by r.token_hash) from password_resets r
                  where r.user_id = $1),
       'cart', (select json_agg(c order by c.book_id) from cart_items c where c.user_id = $1),
       'wishlist', (select json_agg(w order by w.book_id) from wishlist_items w
                    where w.user_id = $1),
       'loans', (select json_agg(l order by l.id) from loans l where l.user_id = $1),
       'holds', (select json_agg(h order by h.id) from holds h where h.user_id = $1),
       'ledger', (select json_agg(g order by g.id) from ledger g where g.user_id = $1),
       'reviews', (select json_agg(v order by v.id) from reviews v where v.user_id = $1),
       'ratings', (select json_agg(json_build_object('id', b.id, 'rating', b.rating,
                     'count', b.rating_count, 'sum', b.rating_sum) order by b.id)
                   from books b where b.id in (select book_id from reviews where user_id = $1)),
       'progress', (select json_agg(p order by p.book_id) from reading_progress p
                    where p.user_id = $1),
       'annotations', (select json_agg(a order by a.id) from annotations a where a.user_id = $1),
       'preferences', (select row_to_json(r) from reader_preferences r where r.user_id = $1),
       'idempotency', (select json_agg(json_build_object('scope', i.scope, 'key', i.key,
                         'hash', i.request_hash, 'response', i.response) order by i.scope, i.key)
                       from idempotency_keys i where i.user_id = $1),
       'passkeys', (select json_agg(k order by k.id) from passkeys k where k.user_id = $1),
       'recovery', (select json_agg(c order by c.code_hash) from recovery_codes c
                    where c.user_id = $1),
       'challenges', (select json_agg(c order by c.token_hash) from two_factor_challenges c
                      where c.user_id = $1),
       'emailChanges', (select json_agg(e order by e.token_hash) from email_changes e
                        where e.user_id = $1),
       'mail', (select json_agg(json_build_object('id', o.id, 'type', o.type) order by o.id)
                from outbox o
                where lower(o.to_address) = (select lower(email) from users where id = $1))
     )::text as rows`,
    [userId],
  );
  return row!.rows;
}

/** The server keeps SHA-256 of a bearer token; this finds its session row. */
export const tokenHash = (token: string): string =>
  createHash("sha256").update(token).digest("hex");
