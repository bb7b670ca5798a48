-- Images by role: a contributor adds images and changes only the ones they uploaded; editors and
-- administrators change any; only editors and administrators delete (unchanged, "Editors delete images").
--
-- Who uploaded an image is Storage's own record: `owner_id` on storage.objects, the uploader's auth.uid()
-- (as text), set by Storage on every upload, replacement and move. Storage checks these policies for each
-- verb: an upload needs insert; an upsert or a replacement (PUT) insert and update on the existing image; a
-- move select and update of the image; a copy select of the source and insert (with upsert, update too) at
-- the destination. So a contributor can no longer overwrite, upsert over, move away or copy over someone
-- else's image, a published post's cover included.

drop policy "Editors upload images" on storage.objects;
drop policy "Editors change images" on storage.objects;

-- A contributor's new image is recorded as theirs (Storage sets owner_id to the uploader; this keeps it so).
create policy "Editors upload images; contributors upload their own" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'images'
    and (
      (select public.can_publish())
      or ((select public.editor_role()) = 'contributor' and owner_id = (select auth.uid())::text)
    )
  );

-- Checked before the change (using) and after it (with check): a contributor's image stays theirs and in
-- the images bucket.
create policy "Editors change images; contributors change their own" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'images'
    and (
      (select public.can_publish())
      or ((select public.editor_role()) = 'contributor' and owner_id = (select auth.uid())::text)
    )
  )
  with check (
    bucket_id = 'images'
    and (
      (select public.can_publish())
      or ((select public.editor_role()) = 'contributor' and owner_id = (select auth.uid())::text)
    )
  );
