export { DEMO_PASSWORD, DEMO_USERS, seedDemoContent } from './demo';
export { seedDemoMessages } from './demo-messages';
export { seedDemoQuestions } from './demo-questions';
export { DEMO_PROBLEMS, seedDemoProblems, type DemoProblem } from './demo-problems';
export { seedManyQuestions, type SeedManyResult } from './bulk-questions';
export { DEMO_GAMES, DEMO_GAME_PROBLEM, seedDemoGames } from './demo-games';
