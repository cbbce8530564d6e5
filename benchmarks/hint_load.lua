-- wrk script for benchmarks/bench_service.py: POSTs hint requests read from a file, counts bad answers.
--
--   wrk -t2 -c16 -d60s --latency -s benchmarks/hint_load.lua http://127.0.0.1:PORT -- BODIES.jsonl
--
-- BODIES.jsonl holds one JSON request body a line. Each wrk thread builds every request once at start and
-- cycles through them from its own offset, so the threads do not send the same hands in step.
-- At the end it prints one line "BENCH_JSON {...}" with the requests, the rate, the latency percentiles (ms)
-- and the counts of non-2xx answers and of answers marked "exact": false, summed over the threads.
--
-- wrk 4 "corrects" its latency histogram before reporting it (stats_correct: for every latency longer than the
-- mean interval between a connection's requests it adds made-up samples, as an open-loop client would have
-- waited), so its percentiles are above the latencies actually seen when latencies vary a lot. The script also
-- keeps the service's own "elapsed_ms" of every 2xx answer, uncorrected, and reports its percentiles.

local threads = {}

function setup(thread)
   thread:set("id", #threads)
   table.insert(threads, thread)
end

function init(args)
   local path = args[1]
   if path == nil then
      error("hint_load.lua: give the bodies file after --, e.g. wrk ... URL -- bodies.jsonl")
   end
   local file = assert(io.open(path, "r"))
   local headers = {["Content-Type"] = "application/json"}
   requests = {}
   for line in file:lines() do
      if line ~= "" then
         table.insert(requests, wrk.format("POST", "/v1/hardback/hint", headers, line))
      end
   end
   file:close()
   if #requests == 0 then
      error("hint_load.lua: no request bodies in " .. path)
   end
   -- a different starting point for each thread (id is set by setup before init runs)
   index = (id * 211) % #requests
   responses = 0
   non2xx = 0
   inexact = 0
   first_bad = ""
   elapsed = {}
end

function request()
   index = index % #requests + 1
   return requests[index]
end

function response(status, headers, body)
   responses = responses + 1
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
      if first_bad == "" then
         first_bad = tostring(status) .. " " .. string.sub(body or "", 1, 200)
      end
   elseif body then
      if string.find(body, '"exact":false', 1, true) or string.find(body, '"exact": false', 1, true) then
         inexact = inexact + 1
      end
      local ms = string.match(body, '"elapsed_ms":%s*([%d%.eE+-]+)')
      if ms then
         elapsed[#elapsed + 1] = tonumber(ms)
      end
   end
end

local function quote(s)
   s = string.gsub(s, '[%c"\\]', function(c) return string.format("\\u%04x", string.byte(c)) end)
   return '"' .. s .. '"'
end

local function percentile(sorted, p)
   if #sorted == 0 then
      return -1
   end
   return sorted[math.min(#sorted, math.floor(p / 100 * #sorted) + 1)]
end

function done(summary, latency, requests)
   local total_responses, total_non2xx, total_inexact, bad = 0, 0, 0, ""
   local all = {}
   for _, thread in ipairs(threads) do
      for _, ms in ipairs(thread:get("elapsed") or {}) do
         all[#all + 1] = ms
      end
      total_responses = total_responses + (thread:get("responses") or 0)
      total_non2xx = total_non2xx + (thread:get("non2xx") or 0)
      total_inexact = total_inexact + (thread:get("inexact") or 0)
      if bad == "" then
         bad = thread:get("first_bad") or ""
      end
   end
   table.sort(all)
   local seconds = summary.duration / 1e6
   local e = summary.errors
   local fields = {
      string.format('"requests": %d', summary.requests),
      string.format('"responses": %d', total_responses),
      string.format('"seconds": %.3f', seconds),
      string.format('"requests_per_s": %.2f', summary.requests / seconds),
      string.format('"bytes": %d', summary.bytes),
      string.format('"p50_ms": %.3f', latency:percentile(50) / 1e3),
      string.format('"p90_ms": %.3f', latency:percentile(90) / 1e3),
      string.format('"p99_ms": %.3f', latency:percentile(99) / 1e3),
      string.format('"p99_9_ms": %.3f', latency:percentile(99.9) / 1e3),
      string.format('"mean_ms": %.3f', latency.mean / 1e3),
      string.format('"max_ms": %.3f', latency.max / 1e3),
      string.format('"elapsed_n": %d', #all),
      string.format('"elapsed_p50_ms": %.3f', percentile(all, 50)),
      string.format('"elapsed_p90_ms": %.3f', percentile(all, 90)),
      string.format('"elapsed_p99_ms": %.3f', percentile(all, 99)),
      string.format('"elapsed_p99_9_ms": %.3f', percentile(all, 99.9)),
      string.format('"elapsed_max_ms": %.3f', all[#all] or -1),
      string.format('"non2xx": %d', total_non2xx),
      string.format('"inexact": %d', total_inexact),
      string.format('"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}',
                    e.connect, e.read, e.write, e.status, e.timeout),
      '"first_bad": ' .. quote(bad),
   }
   io.write("BENCH_JSON {" .. table.concat(fields, ", ") .. "}\n")
end
