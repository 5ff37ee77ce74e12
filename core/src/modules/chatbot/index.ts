// The chatbot module's public face: what other modules may use of it (DESIGN §8.13).
export { menusOf } from './chatbot-trees.js';
export { type ChatbotOption } from './chatbot.model.js';
export { chatbotModule } from './chatbot.module.js';
export { MAX_ID, chatbotTreeSchema, type ChatbotOptionInput } from './chatbot.schema.js';
export { ChatbotService } from './chatbot.service.js';
export { MenuOwners } from './menu-owners.js';
