-- Sample posts for a fresh local database (the embedded backend runs this once; `supabase db reset`
-- runs it on a local Supabase stack). Marketing sample content, not real clients.

-- Covers are drawn by scripts/illustrations/seed-covers.mjs and shipped with the site as
-- site/public/covers/<slug>.webp, so the same site-relative address works with the embedded backend and with
-- a hosted project. Each row gives its cover's version `v`, the start of the file's MD5: the variant endpoint
-- (/media/covers/…) caches for a year when it matches. The draft has none: it shows the cover drawn from its
-- title.
insert into public.blogs (title, slug, type, excerpt, content, author, tags, status, created_at, cover_image_url)
select title, slug, type, excerpt, content, author, tags, status, created_at::timestamptz,
  '/covers/' || slug || '.webp?v=' || cover_version
from (values
(
  'Why Startups Are Building Tech Capacity Centres in India',
  'why-startups-are-building-tech-capacity-centres-in-india',
  'blog',
  'Global capability centres are no longer only for the Fortune 500. Here is why seed-to-Series-C companies now open one in India, and what it takes.',
  $html$<p>For two decades, global capability centres (GCCs) in India were a tool of large enterprises: banks, retailers and chip makers with thousands of engineers. That has changed. Startups and scale-ups now open centres of 5 to 50 people, often within their first three years.</p>
<h2>What changed</h2>
<p>Three things made a small centre practical. Remote-first engineering became normal, so a team in Bengaluru or Pune works in the same tools and rituals as one in Berlin. Hiring platforms and AI-assisted sourcing cut the time to find senior engineers from months to weeks. And employer-of-record models let a company hire before it has its own legal entity.</p>
<h2>What founders get</h2>
<ul>
  <li><strong>Depth of talent:</strong> India graduates more engineers each year than any other country, with deep benches in cloud, data and mobile.</li>
  <li><strong>Ownership:</strong> unlike outsourcing, the engineers work only on your product and become your employees over time.</li>
  <li><strong>Runway:</strong> a senior team at a fraction of the cost of the same team in San Francisco or London.</li>
</ul>
<h2>Where it goes wrong</h2>
<p>Centres fail when they are treated as a ticket queue. The teams that thrive own a product area end to end, meet their counterparts in person at least once a year, and have a local leader with real authority.</p>
<p>If you are weighing a centre, start with one team and one clear mandate. Scale when it works.</p>$html$,
  'Priya Raman', array['gcc', 'india', 'startups'],
  'published', '2026-06-03 09:15:00+00', 'f59b5f5c43'
),
(
  'Hiring in Two Weeks: How Our Talent Acquisition Works',
  'hiring-in-two-weeks-how-our-talent-acquisition-works',
  'blog',
  'From a database of over 10 million profiles to a signed offer in 14 days: the steps, the people and the checks behind a two-week hire.',
  $html$<p>Most companies expect a senior engineering hire in India to take two months. Ours take two weeks. The difference is not magic; it is a process that runs several steps in parallel and removes waiting.</p>
<h2>Day 1 to 3: sourcing</h2>
<p>We turn your role into a precise profile with you: stack, seniority, product domain and the kind of team the person joins. AI-assisted search across more than 10 million candidate profiles produces a long list the same day.</p>
<h2>Day 4 to 8: first-round screening</h2>
<p>Domain experts, not generalist recruiters, run the first technical interview. You only meet candidates who already passed a conversation with a senior engineer in your stack.</p>
<h2>Day 9 to 14: your interviews and the offer</h2>
<ol>
  <li>Two interviews with your team, scheduled in your time zone.</li>
  <li>Reference checks and background verification, started in parallel.</li>
  <li>An offer shaped with market data, so it is accepted rather than shopped around.</li>
</ol>
<p>The result: access to the top 1% of candidates without adding weeks to your roadmap.</p>$html$,
  'Arjun Mehta', array['hiring', 'talent acquisition'],
  'published', '2026-07-14 11:30:00+00', 'e9837ecb7a'
),
(
  'Retention Is a Product: Keeping Engineers for Years, Not Months',
  'retention-is-a-product-keeping-engineers-for-years',
  'blog',
  'Attrition in Indian tech hubs can exceed 20% a year. The centres that beat it treat retention as a product with owners, metrics and releases.',
  $html$<p>Hiring fast matters little if people leave in a year. Attrition is the silent cost of a capacity centre: every departure takes context with it and slows the team for months.</p>
<h2>Measure it like a product</h2>
<p>We run quarterly pulse surveys and an employee NPS for every client team, and a dedicated HR business partner reviews the results with the team lead. Problems surface while they are still small.</p>
<h2>The levers that work</h2>
<ul>
  <li>Personalised growth plans with a named mentor on the client side.</li>
  <li>Clear grievance handling and culture and anti-discrimination policies from day one.</li>
  <li>Employer branding, so engineers are proud to say where they work.</li>
  <li>Visits: at least one trip a year between headquarters and the centre.</li>
</ul>
<p>Retention is not perks. It is engineers seeing that their work matters and that they have a future in the company.</p>$html$,
  'Neha Kapoor', array['retention', 'culture', 'hr'],
  'published', '2026-09-02 08:00:00+00', 'f37a48b696'
),
(
  'Case Study: A Fintech Scale-up Builds a 12-Person Platform Team in 4 Weeks',
  'case-study-fintech-platform-team-in-4-weeks',
  'case study',
  'A European payments company needed a platform team before its next funding round. Four weeks later, twelve engineers were shipping.',
  $html$<p>A Series B payments company in Amsterdam had a hiring plan it could not fill locally: twelve platform and data engineers within a quarter, before its next round.</p>
<h2>The challenge</h2>
<p>Local hiring produced two offers in three months. Contractors were expensive and left with the knowledge. The company wanted a team it would own.</p>
<h2>What we did</h2>
<ul>
  <li>Started on the shared GCC model, so the first engineers could join before any entity existed.</li>
  <li>Ran sourcing for all twelve roles in parallel, with first-round screening by payments domain experts.</li>
  <li>Set up devices, security policies and a dedicated workspace in Pune during the hiring weeks.</li>
</ul>
<h2>Results</h2>
<ol>
  <li>Twelve engineers onboarded in 4 weeks.</li>
  <li>Zero departures in the first year; team NPS of 62.</li>
  <li>At 24 employees the company set up its own subsidiary, and the team transferred to it.</li>
</ol>$html$,
  'Priya Raman', array['case study', 'fintech', 'shared gcc'],
  'published', '2026-05-20 10:00:00+00', '01dc14157b'
),
(
  'Case Study: From One Engineer to a Dedicated Company for a Health-tech Startup',
  'case-study-health-tech-dedicated-company',
  'case study',
  'A US health-tech startup began with a single data engineer. Two years later it acquired the dedicated company built around its team.',
  $html$<p>A seed-stage health-tech startup in Boston needed one senior data engineer who understood healthcare compliance. That hire became the first of forty.</p>
<h2>Starting small</h2>
<p>The first engineer joined within two weeks. The founders kept hiring one or two people a month as their product found its market.</p>
<h2>The TALENT BOT model</h2>
<p>At fifteen people the company moved to the TALENT BOT model: a company created only for them, with a dedicated HR business partner and talent acquisition team, and an onboarding SLA of under two weeks.</p>
<h2>Ownership</h2>
<ul>
  <li>All devices, assets and contracts were held in the dedicated company from the start.</li>
  <li>When the startup raised its Series B it exercised the option to acquire the company.</li>
  <li>The transfer took six weeks; no engineer had to change contract terms.</li>
</ul>$html$,
  'Arjun Mehta', array['case study', 'health tech', 'talent bot'],
  'published', '2026-08-11 13:45:00+00', '3f62a4d243'
),
(
  'The Founder''s Guide to Setting Up a GCC in India',
  'founders-guide-to-setting-up-a-gcc-in-india',
  'ebook',
  'A practical guide for founders: models, costs, legal entities, first hires and the milestones that tell you when to set up your own subsidiary.',
  $html$<p>This guide collects what we have learned helping startups and scale-ups open tech capacity centres in India.</p>
<h2>Inside the guide</h2>
<ol>
  <li>Choosing between an employer of record, a shared GCC and a dedicated company.</li>
  <li>What a team of 5, 15 and 30 costs, with the line items founders forget.</li>
  <li>Your first three hires and why the local lead comes first.</li>
  <li>Security, devices and compliance from week one.</li>
  <li>When to set up your own subsidiary (our advice: at 20 to 30 employees).</li>
</ol>
<h2>Who it is for</h2>
<p>Founders, CTOs and heads of engineering in the U.S. and Europe who want a team they own, not a vendor they manage.</p>$html$,
  'Meridian Team', array['ebook', 'guide', 'gcc'],
  'published', '2026-04-08 07:00:00+00', 'a092a01539'
),
(
  'Playbook: Onboarding Your India Team in the First 30 Days',
  'playbook-onboarding-your-india-team-in-30-days',
  'ebook',
  'A day-by-day playbook for the first month of a new India team: access, rituals, first deliveries and the checks that prevent early attrition.',
  $html$<p>The first 30 days decide whether a new team becomes part of your company or stays a satellite. This playbook lays them out.</p>
<h2>Week 1: access and context</h2>
<ul>
  <li>Accounts, devices and repositories ready on day one.</li>
  <li>A product walkthrough by the founders, recorded for later hires.</li>
</ul>
<h2>Weeks 2 and 3: first deliveries</h2>
<p>Each engineer ships a small change to production with a buddy from headquarters. Code review norms are agreed, not assumed.</p>
<h2>Week 4: the first retrospective</h2>
<p>The team, its HR business partner and the engineering lead review what worked. The first pulse survey goes out the same week.</p>$html$,
  'Neha Kapoor', array['ebook', 'onboarding', 'playbook'],
  'published', '2026-10-01 09:00:00+00', 'e8270d9910'
),
(
  'Draft: Employer of Record vs Your Own Subsidiary',
  'employer-of-record-vs-your-own-subsidiary',
  'blog',
  'A draft comparison of the costs and obligations of an employer of record and an Indian subsidiary.',
  $html$<p>Work in progress: a side-by-side comparison of the two legal set-ups, with a checklist for the switch.</p>$html$,
  'Meridian Team', array['legal', 'subsidiary'],
  'draft', '2026-10-20 16:00:00+00', null
)) as post (title, slug, type, excerpt, content, author, tags, status, created_at, cover_version)
on conflict (slug) do nothing;

