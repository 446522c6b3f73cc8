/** Business constants of spec §9. */
export const EPISODES_PER_PAGE = 6;
export const NAV_SCROLL_THRESHOLD_PX = 50;
export const YOUTUBE_ID_LENGTH = 11;
export const EMBED_HEIGHT_PX = 315;
