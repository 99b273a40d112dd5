-- Items submitted before a public name was required show the developer's login email when the
-- profile had no name. Once: every version shows its owner's profile name and site (what a profile
-- change now keeps in step), or, without a name (or with the login email as the name), a placeholder
-- made from the account number that the developer centre asks the owner to replace.
UPDATE "market_app_versions" AS v
SET "user_name" = CASE
    WHEN btrim(u."name") <> '' AND lower(btrim(u."name")) <> lower(u."email") THEN btrim(u."name")
    ELSE 'Developer #' || u."id"
  END,
  "user_domain" = u."site"
FROM "market_apps" AS a
JOIN "users" AS u ON u."id" = a."owner_id"
WHERE a."id" = v."app_id";
