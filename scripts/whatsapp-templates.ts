// Prints the WhatsApp message templates the app sends (ADR 0073) as the JSON bodies of Meta's "create a
// message template" request, one per line: POST https://graph.facebook.com/{version}/{waba-id}/message_templates
// with each, or type them into WhatsApp Manager. PUBLIC_URL gives the examples' address (the results link).
import { whatsappTemplateRequests } from '../src/server/modules/phone/whatsapp-templates.ts';

const publicUrl = process.env.PUBLIC_URL ?? 'https://tahaleel.sa';
for (const request of whatsappTemplateRequests(publicUrl)) console.log(JSON.stringify(request));
