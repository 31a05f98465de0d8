/// The report's Lua scripts, sent with `EVAL` (Redis caches them by their text; no SHA-1
/// kept). Each runs atomically, so the entry cap, the client-report quota and the resolved
/// entries' eviction hold across every replica flushing at once. Field and id separator: US
/// (0x1F), which no key, table, tag or source can hold.
enum ReportScripts {
    /// Lua: `split(s)`, a record or id cut at US; shared by the scripts that read them.
    static let splitFunction = #"""
local function split(s)
  local out, start = {}, 1
  while true do
    local i = string.find(s, '\31', start, true)
    if not i then out[#out + 1] = string.sub(s, start); return out end
    out[#out + 1] = string.sub(s, start, i - 1)
    start = i + 1
  end
end
"""#

    /// One replica's batch: missing hits, drop counters and usage counts, applied once.
    static let flush = #"""
-- One replica's batch of missing hits and key usage, applied at most once.
-- KEYS: 1 entries (hash id -> record), 2 meta (hash), 3 resolved (zset id by resolvedAt ms),
--       4 this part of a batch's marker (prefix:flush:<replica>:<seq>.<part>), 5 usage hits (hash), 6 usage latest (hash)
-- ARGV: 1 maxEntries, 2 maxReported, 3 now ms, 4 dropped.newEntries, 5 dropped.longKeys,
--       6 dropped.reported, 7 most usage keys, 8 n entries, then n x (id, hits, first ms, last ms,
--       servedFrom, reported 0|1), then m, then m x (table US key, hits, latest s).
-- A record is hits US first US last US servedFrom US reported US resolvedAt ('' while open), US = \31.
-- Returns {applied 0|1, entries, generation, ids of the entries it added}.
local cap = 9007199254740992
local function num(x) return string.format('%.0f', x) end
\#(splitFunction)
local function add(a, b) local s = a + b; if s > cap then return cap end; return s end
if not redis.call('SET', KEYS[4], '1', 'NX', 'EX', 300) then
  return {0, redis.call('HLEN', KEYS[1]), tonumber(redis.call('HGET', KEYS[2], 'gen') or '0')}
end
local maxEntries, maxReported, now = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
redis.call('HSETNX', KEYS[2], 'since', now)
redis.call('HSETNX', KEYS[2], 'usince', now)
local meta = {dnew = tonumber(ARGV[4]), dlong = tonumber(ARGV[5]), drep = tonumber(ARGV[6])}
local reported = tonumber(redis.call('HGET', KEYS[2], 'rep') or '0')
local count = redis.call('HLEN', KEYS[1])
local added = {}
local n = tonumber(ARGV[8])
local i = 9
for _ = 1, n do
  local id, hits, first, last, source, rep = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3]), ARGV[i + 4], ARGV[i + 5]
  i = i + 6
  local old = redis.call('HGET', KEYS[1], id)
  if old then
    local r = split(old)
    local h, f, l, src, was, res = tonumber(r[1]), tonumber(r[2]), tonumber(r[3]), r[4] or '', r[5] or '0', r[6] or ''
    -- A record this script cannot read (written by hand or by another version) is replaced
    -- by the incoming one, rather than raising an error after part of the batch is applied.
    if not (h and f and l) then h, f, l, src, was, res = 0, first, last, source, '0', '' end
    h = add(h, hits)
    if first < f then f = first end
    if rep == '1' then
      -- A client's word never replaces what the server observed, and never reopens.
      if last > l then l = last end
    else
      if last >= l then l = last; src = source end
      -- Only a miss after the resolution reopens: hits buffered before a reload's sweep do not.
      local resolved = tonumber(res)
      if res ~= '' and (not resolved or last > resolved) then res = ''; redis.call('ZREM', KEYS[3], id) end
      if was == '1' then was = '0'; src = source; reported = reported - 1 end
    end
    redis.call('HSET', KEYS[1], id, table.concat({num(h), num(f), num(l), src, was, res}, '\31'))
  else
    local room = count < maxEntries
    if not room then
      local victim = redis.call('ZRANGE', KEYS[3], 0, 0)[1]
      if victim then
        local v = redis.call('HGET', KEYS[1], victim)
        if v and split(v)[5] == '1' then reported = reported - 1 end
        redis.call('HDEL', KEYS[1], victim)
        redis.call('ZREM', KEYS[3], victim)
        count = count - 1
        room = true
      end
    end
    if not room then
      meta.dnew = add(meta.dnew, hits)
    elseif rep == '1' and reported >= maxReported then
      meta.drep = add(meta.drep, hits)
    else
      if rep == '1' then reported = reported + 1 end
      redis.call('HSET', KEYS[1], id, table.concat({num(hits), num(first), num(last), source, rep, ''}, '\31'))
      count = count + 1
      added[#added + 1] = id
    end
  end
end
redis.call('HSET', KEYS[2], 'rep', num(reported))
for field, delta in pairs({dnew = meta.dnew, dlong = meta.dlong, drep = meta.drep}) do
  if delta > 0 then
    redis.call('HSET', KEYS[2], field, num(add(tonumber(redis.call('HGET', KEYS[2], field) or '0'), delta)))
  end
end
local usageMax = tonumber(ARGV[7])
local m = tonumber(ARGV[i])
i = i + 1
for _ = 1, m do
  local field, hits, latest = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  i = i + 3
  local old = redis.call('HGET', KEYS[5], field)
  if old or redis.call('HLEN', KEYS[5]) < usageMax then
    redis.call('HSET', KEYS[5], field, num(add(tonumber(old or '0'), hits)))
    if latest > tonumber(redis.call('HGET', KEYS[6], field) or '0') then redis.call('HSET', KEYS[6], field, num(latest)) end
  end
end
local gen = redis.call('HINCRBY', KEYS[2], 'gen', 1)
return {1, count, gen, added}
"""#

    /// The whole report when its generation moved.
    static let read = #"""
-- The whole report when it changed. KEYS: 1 entries, 2 meta. ARGV: 1 the generation the caller holds.
-- Returns {generation} when unchanged, else {generation, meta as field/value pairs, entries as id/record pairs}.
local gen = tonumber(redis.call('HGET', KEYS[2], 'gen') or '0')
if ARGV[1] ~= '' and tonumber(ARGV[1]) == gen then return {gen} end
return {gen, redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[1])}
"""#

    /// The usage totals.
    static let usage = #"""
-- Key usage. KEYS: 1 meta, 2 usage hits, 3 usage latest.
-- Returns {since ms or false, hits as field/value pairs, latest as field/value pairs}.
return {redis.call('HGET', KEYS[1], 'usince'), redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[3])}
"""#
}
