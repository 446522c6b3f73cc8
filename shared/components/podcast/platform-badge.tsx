import type { ListenPlatform } from '../../content/types';
import { platformNames } from '../../rules/youtube';
import { Icon } from '../icon';

/** The platform an episode is published on: red for YouTube, green for Spotify, neutral for Apple Podcasts. */
export function PlatformBadge({ platform, className }: { platform: ListenPlatform; className?: string }) {
  return (
    <span className={`platform-badge platform-badge--${platform}${className ? ` ${className}` : ''}`}>
      <Icon name={platform} size={16} />
      {platformNames[platform]}
    </span>
  );
}
