import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

// A lab's API keys (issue #53 item 3, ADR 0059): what the lab's dashboard and the operators' command send.

export const LAB_API_KEY_NAME_MAX = 80;
/** Keys that work at once per lab: one per system and a spare while one is replaced, with room to spare. */
export const LAB_API_KEYS_ACTIVE_MAX = 10;

export const labApiKeyName = z.string({ error: m.required }).trim().min(1, m.required).max(LAB_API_KEY_NAME_MAX, m.tooLong);

export const createLabApiKeyInput = z.object({ name: labApiKeyName });

export const labApiKeyIdInput = z.object({ id: z.uuid() });
