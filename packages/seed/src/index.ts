export { isFreshSite, seedDemoContent } from './demo';
export { moveDemoContent } from './age-demo-content';
export { DEMO_PASSWORD } from './demo-cast';
export { DEMO_USERS } from './demo-users';
export { DEMO_PROBLEMS, type DemoProblem } from './demo-problems';
export { DEMO_QUESTIONS, type DemoQuestion } from './demo-questions';
export { DEMO_GAMES, DEMO_GAME_PROBLEM } from './demo-games';
export { TAG_DESCRIPTIONS } from './tag-descriptions';
