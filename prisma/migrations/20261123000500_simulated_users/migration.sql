-- Which platform users the live simulator may act as. The seed numbers the users it generates
-- from 1 to N in sim_seq, so that a uniform pick is an index lookup of a random number. People
-- (accounts signed up on the platform, which carry a password) have no number and are never
-- picked. The simulator also skips any user that a Perch account has connected.
ALTER TABLE platform.users ADD COLUMN sim_seq integer;
CREATE UNIQUE INDEX users_sim_seq ON platform.users (sim_seq) WHERE sim_seq IS NOT NULL;

-- Data seeded before this column existed: every user without a password was generated.
UPDATE platform.users u SET sim_seq = numbered.n
FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM platform.users WHERE password_hash IS NULL) AS numbered
WHERE u.id = numbered.id;
