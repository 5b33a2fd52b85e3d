import { PLATFORM_NAMES, type Platform, type PlatformName } from '@/lib/platform/platform';
import type { ServedPlatforms } from '@/lib/platform/served-platforms';
import { ApiError } from './errors';
import type { ApiRequest } from './api-request';

/** The request header that picks a platform per call where a deployment serves several. */
export const PLATFORM_HEADER = 'perch-platform';

/** The platform a request asked for with Perch-Platform, or the deployment's default; 400 for one not served. */
export function selectPlatform(request: ApiRequest, served: ServedPlatforms): Platform {
  const asked = request.headers.get(PLATFORM_HEADER)?.trim().toLowerCase();
  if (!asked) return served.defaultPlatform;
  const names = [...served.byName.keys()].join(', ');
  if (!(PLATFORM_NAMES as readonly string[]).includes(asked)) {
    throw new ApiError('invalid_request', `Perch-Platform must be one of ${PLATFORM_NAMES.join(', ')}; this deployment serves ${names}`, [
      { path: 'Perch-Platform', message: `unknown platform "${asked}"` },
    ]);
  }
  const platform = served.byName.get(asked as PlatformName);
  if (!platform) {
    throw new ApiError('invalid_request', `this deployment does not serve ${asked}; it serves ${names}`, [{ path: 'Perch-Platform', message: `${asked} is not served here` }]);
  }
  return platform;
}
