// The tags module's public face: what other modules may use of it (DESIGN §8.13).
export { TagModel, type TagSummary } from './tag.model.js';
export { tagsModule } from './tags.module.js';
export { syncTagsSchema, type TagReference } from './tags.schema.js';
export { summaries, TAG_NOT_FOUND, tagSummaryColumns, TagsService } from './tags.service.js';
