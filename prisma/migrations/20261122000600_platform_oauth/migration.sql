-- The embedded platform as an OAuth 2.0 authorization server (authorization code + PKCE,
-- refresh tokens with rotation, RFC 7009 revocation), in the platform schema beside the data
-- it guards. Codes, tokens and sign-in sessions are stored only as SHA-256 hashes: a copy of
-- these tables lets nobody act as anyone.

-- A platform user signed in on the authorize screen on the authorize screen (cookie perch_platform_session).
CREATE TABLE platform.web_sessions (
  token_hash  text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX web_sessions_expires ON platform.web_sessions (expires_at);

-- One consent, made concrete by its first code exchange: every access and refresh token
-- descends from a grant, so revoking the grant ends all of them at once.
CREATE TABLE platform.oauth_grants (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id   text NOT NULL,
  user_id     bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  scopes      text[] NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX oauth_grants_user ON platform.oauth_grants (user_id);

-- Authorization codes: 60 seconds, single use. used_at is set by the first exchange attempt,
-- grant_id remembers what a successful exchange created, so that a replayed code can revoke it.
CREATE TABLE platform.oauth_codes (
  code_hash       text PRIMARY KEY,
  client_id       text NOT NULL,
  user_id         bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  redirect_uri    text NOT NULL,
  scopes          text[] NOT NULL,
  code_challenge  text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  grant_id        bigint REFERENCES platform.oauth_grants (id) ON DELETE CASCADE
);
CREATE INDEX oauth_codes_expires ON platform.oauth_codes (expires_at);

-- Access tokens (short-lived) and refresh tokens (long-lived, rotated: used_at marks the one
-- that was exchanged, and presenting it again revokes the whole grant).
CREATE TABLE platform.oauth_tokens (
  token_hash  text PRIMARY KEY,
  grant_id    bigint NOT NULL REFERENCES platform.oauth_grants (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('access', 'refresh')),
  scopes      text[] NOT NULL,            -- an access token may have fewer scopes than its grant
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz,
  CONSTRAINT only_refresh_tokens_rotate CHECK (used_at IS NULL OR kind = 'refresh')
);
CREATE INDEX oauth_tokens_grant ON platform.oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_expires ON platform.oauth_tokens (expires_at);
