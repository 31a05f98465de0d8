extension ReportScripts {
    /// `DELETE /missing`: everything, once for every replica.
    static let reset = #"""
-- Clears the report for everyone (DELETE /missing). KEYS: 1 entries, 2 meta, 3 resolved. ARGV: 1 now ms.
redis.call('DEL', KEYS[1], KEYS[3])
redis.call('HSET', KEYS[2], 'since', ARGV[1], 'dnew', '0', 'dlong', '0', 'drep', '0', 'rep', '0')
return redis.call('HINCRBY', KEYS[2], 'gen', 1)
"""#

    /// `DELETE /missing?key=&lang=&table=`.
    static let remove = #"""
-- Removes the entries matching every filter given (DELETE /missing?key=&lang=&table=); '' matches any.
-- KEYS: 1 entries, 2 meta, 3 resolved. ARGV: 1 key, 2 has key 0|1, 3 requested, 4 table.
-- An id is table US key US requested US variable US category. Returns how many went.
\#(splitFunction)
local all = redis.call('HGETALL', KEYS[1])
local gone, reported = 0, tonumber(redis.call('HGET', KEYS[2], 'rep') or '0')
for j = 1, #all, 2 do
  local id = split(all[j])
  if (ARGV[2] == '0' or id[2] == ARGV[1]) and (ARGV[3] == '' or id[3] == ARGV[3]) and (ARGV[4] == '' or id[1] == ARGV[4]) then
    if split(all[j + 1])[5] == '1' then reported = reported - 1 end
    redis.call('HDEL', KEYS[1], all[j])
    redis.call('ZREM', KEYS[3], all[j])
    gone = gone + 1
  end
end
if gone > 0 then
  redis.call('HSET', KEYS[2], 'rep', string.format('%.0f', reported))
  redis.call('HINCRBY', KEYS[2], 'gen', 1)
end
return gone
"""#

    /// A reload's sweep: open entries the new catalog serves become resolved.
    static let resolve = #"""
-- Marks open entries resolved at a reload's time; an entry already resolved keeps its time.
-- KEYS: 1 entries, 2 meta, 3 resolved. ARGV: 1 at ms, then ids. Returns how many changed.
local changed = 0
for j = 2, #ARGV do
  local old = redis.call('HGET', KEYS[1], ARGV[j])
  if old and string.sub(old, -1) == '\31' then
    redis.call('HSET', KEYS[1], ARGV[j], old .. ARGV[1])
    redis.call('ZADD', KEYS[3], tonumber(ARGV[1]), ARGV[j])
    changed = changed + 1
  end
end
if changed > 0 then redis.call('HINCRBY', KEYS[2], 'gen', 1) end
return changed
"""#
}
