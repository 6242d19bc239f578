-- The booking write mix: create a booking, then cancel it, over and over, by
-- many buyers at once, as a marketplace sees them (one buyer's own bookings
-- are taken one at a time, by design: bookings.queries.ts).
-- Arguments: a file of bike ids to book (one per line, all available, none a
-- bench buyer's own), a state file, and a file of buyers (a line each: id,
-- a tab, session cookie). Bookings take the buyers in turn; each 201 queues
-- its booking id with its buyer (read from the answer), and the next request
-- cancels a queued booking, as that buyer, before another bike is booked.
-- The state file carries the position in the list from one wrk run to the
-- next: a run ends with some bookings not yet cancelled, and the next run
-- must not start by booking those same bikes again (409). The bench cancels
-- the bookings a run left pending after it (lib/http-suite.ts), so a fast
-- machine can go round the list more than once.
local bikes = {}
local buyers = {}
local queue = {}
-- Globals, so done() can read them from the thread.
next_bike = 1
state_file = nil
statuses = {}
local next_buyer = 1
local cookie_of = {}

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then bikes[#bikes + 1] = line end
  end
  state_file = args[2]
  for line in io.lines(args[3]) do
    local id, cookie = line:match("^([^\t]+)\t(.+)$")
    if id then
      buyers[#buyers + 1] = cookie
      cookie_of[id] = cookie
    end
  end
  local state = io.open(state_file, "r")
  if state then
    next_bike = tonumber(state:read("*l")) or 1
    state:close()
  end
end

local function headers(cookie)
  local copy = {}
  -- Header names match in any case: a Cookie or Content-Type given to wrk in another
  -- spelling would otherwise be sent beside this request's own (two session cookies).
  for name, value in pairs(wrk.headers) do
    local lower = name:lower()
    if lower ~= "cookie" and lower ~= "content-type" then copy[name] = value end
  end
  copy["Content-Type"] = "application/json"
  copy["Cookie"] = cookie
  return copy
end

function request()
  local booking = table.remove(queue)
  if booking then
    return wrk.format("PATCH", "/api/bookings/" .. booking.id, headers(booking.cookie),
      '{"status":"cancelled"}')
  end
  local bike = bikes[next_bike]
  next_bike = next_bike % #bikes + 1
  local cookie = buyers[next_buyer]
  next_buyer = next_buyer % #buyers + 1
  local body = '{"bikeId":"' .. bike .. '","phone":"+8801711000001","meetingLocation":"Dhaka"}'
  return wrk.format("POST", "/api/bookings", headers(cookie), body)
end

function response(status, _, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status == 201 then
    local id = body:match('"id":"([^"]+)"')
    local buyer = body:match('"buyer":{"id":"([^"]+)"')
    local cookie = buyer and cookie_of[buyer]
    if id and cookie then queue[#queue + 1] = { id = id, cookie = cookie } end
  end
end

-- One line the bench reads: how many answers of each status, so errors can be told apart.
function done()
  local counts = {}
  for _, thread in ipairs(threads) do
    local state = io.open(thread:get("state_file"), "w")
    state:write(tostring(thread:get("next_bike")) .. "\n")
    state:close()
    for status, count in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(counts) do parts[#parts + 1] = status .. "=" .. count end
  table.sort(parts)
  io.write("statuses: " .. table.concat(parts, " ") .. "\n")
end
