import { setPasswordCost } from '../../src/server/platform/password.ts';
import { testEnv } from './fixtures.ts';

// Integration tests sign up hundreds of people: they hash at the test-only cost, as the e2e server does.
setPasswordCost(testEnv.PASSWORD_COST);
