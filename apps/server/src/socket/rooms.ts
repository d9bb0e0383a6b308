/** socket.io rooms: every socket is in PUBLIC; signed-in ones also in SIGNED_IN. */
export const PUBLIC_ROOM = 'public';
export const SIGNED_IN_ROOM = 'signed-in';
export const chatRoom = (chatId: number | string) => `chat:${chatId}`;
export const gameRoom = (gameId: string) => `game:${gameId}`;
