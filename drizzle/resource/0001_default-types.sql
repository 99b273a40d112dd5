-- The portal's video types (reference data, present on every install).
INSERT INTO "resource_types" ("id", "name", "name_tw", "name_en", "sort") VALUES
  (1, '电影', '電影', 'Movies', 1),
  (2, '电视剧', '電視劇', 'TV series', 2),
  (3, '综艺', '綜藝', 'Variety shows', 3),
  (4, '动漫', '動漫', 'Anime', 4),
  (5, '短剧', '短劇', 'Short dramas', 5),
  (6, '纪录片', '紀錄片', 'Documentaries', 6),
  (7, '体育', '體育', 'Sports', 7)
ON CONFLICT ("id") DO NOTHING;
