/** Business constants of spec §9 (the nav bar's scroll threshold is in shared/components/nav-bar.tsx). */
export const EPISODES_PER_PAGE = 6;
export const YOUTUBE_ID_LENGTH = 11;
export const EMBED_HEIGHT_PX = 315;
