// GEOMINT triangle mesh table of fix bagogab's in-triangle points: the parser of
// mesh files and the edge -> triangle adjacency.  Host-side, no LAMMPS.
//
// File format (as LAMMPS data files): the first line is skipped, '#' starts a
// comment, a header line "N triangles", then a "Triangles" section of exactly
// N lines "triangle-id atom-id1 atom-id2 atom-id3", IDs 1..N each once.
#ifndef GEOMINT_MESH_TABLE_H
#define GEOMINT_MESH_TABLE_H

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace geomint {

struct MeshTable {
  int ntri = 0;
  std::vector<int64_t> tri;    // [3*ntri] atom IDs of the corners of triangle t (0-based t)
  std::vector<int> adj;        // [3*ntri] triangle across the edge opposite corner k, -1 = border
  std::vector<int> apex;       // [3*ntri] that neighbour's corner index of its third vertex
  int nborder = 0;             // border edges (in one triangle only)

  int64_t corner(int t, int k) const { return tri[3 * t + k]; }

  // sum_t t*(a1 + 3 a2 + 7 a3) mod 2^61 (t 1-based): identifies the connectivity
  uint64_t checksum() const
  {
    const uint64_t mod = (uint64_t(1) << 61) - 1;
    uint64_t sum = 0;
    for (int t = 0; t < ntri; t++) {
      const uint64_t w = uint64_t(corner(t, 0)) + 3 * uint64_t(corner(t, 1)) +
          7 * uint64_t(corner(t, 2));
      sum = (sum + (uint64_t(t + 1) % mod) * (w % mod) % mod) % mod;
    }
    return sum;
  }

  // sorted list of the distinct vertex IDs
  std::vector<int64_t> vertices() const
  {
    std::vector<int64_t> v(tri);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  }

  // adjacency from a hash of sorted edge keys; returns "" or an error message
  std::string build_adjacency()
  {
    adj.assign(3 * ntri, -1);
    apex.assign(3 * ntri, -1);
    nborder = 0;
    struct EdgeHash {
      size_t operator()(const std::pair<int64_t, int64_t> &p) const
      {
        return std::hash<int64_t>()(p.first * 1000003 ^ p.second);
      }
    };
    // edge -> (triangle, corner opposite) of its first and second triangle
    std::unordered_map<std::pair<int64_t, int64_t>, std::vector<int>, EdgeHash> edges;
    edges.reserve(3 * ntri);
    for (int t = 0; t < ntri; t++)
      for (int k = 0; k < 3; k++) {
        int64_t a = corner(t, (k + 1) % 3), b = corner(t, (k + 2) % 3);
        if (a > b) std::swap(a, b);
        std::vector<int> &list = edges[{a, b}];
        list.push_back(t);
        list.push_back(k);
        if (list.size() > 4) {
          std::ostringstream msg;
          msg << "non-manifold edge " << a << "-" << b << " shared by triangles";
          for (size_t i = 0; i < list.size(); i += 2) msg << " " << list[i] + 1;
          msg << "; every edge must belong to one or two triangles";
          return msg.str();
        }
      }
    for (const auto &kv : edges) {
      const std::vector<int> &list = kv.second;
      if (list.size() == 2) {
        nborder++;
        continue;
      }
      const int t0 = list[0], k0 = list[1], t1 = list[2], k1 = list[3];
      adj[3 * t0 + k0] = t1;
      apex[3 * t0 + k0] = k1;
      adj[3 * t1 + k1] = t0;
      apex[3 * t1 + k1] = k0;
    }
    return "";
  }
};

namespace mesh_detail {
  inline std::string strip_comment(const std::string &line)
  {
    const size_t hash = line.find('#');
    return hash == std::string::npos ? line : line.substr(0, hash);
  }

  inline bool parse_int(const std::string &word, int64_t &value)
  {
    if (word.empty()) return false;
    size_t i = (word[0] == '-' || word[0] == '+') ? 1 : 0;
    if (i == word.size()) return false;
    for (size_t j = i; j < word.size(); j++)
      if (word[j] < '0' || word[j] > '9') return false;
    try {
      value = std::stoll(word);
    } catch (...) {
      return false;
    }
    return true;
  }

  inline std::vector<std::string> words(const std::string &line)
  {
    std::istringstream in(line);
    std::vector<std::string> out;
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
  }
}    // namespace mesh_detail

// Parse the text of a mesh file into table; returns "" or an error message
// naming the file and the line.  Builds the adjacency too.
inline std::string parse_mesh(const std::string &text, const std::string &file, MeshTable &table)
{
  using namespace mesh_detail;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  auto at = [&](const std::string &what) {
    return "mesh file " + file + " line " + std::to_string(lineno) + ": " + what;
  };
  std::getline(in, line);    // the first line is always skipped
  lineno = 1;
  int64_t n = -1;
  bool in_section = false;
  int64_t nread = 0;
  std::vector<char> seen;
  table = MeshTable();
  while (std::getline(in, line)) {
    lineno++;
    const std::vector<std::string> w = words(strip_comment(line));
    if (w.empty()) continue;
    if (!in_section) {
      if (w.size() == 2 && w[1] == "triangles") {
        if (n >= 0) return at("the 'N triangles' header appears twice");
        if (!parse_int(w[0], n) || n <= 0)
          return at("'" + w[0] + " triangles': the number of triangles must be a positive integer");
        if (n > 500000000) return at("too many triangles (" + w[0] + ")");
        continue;
      }
      if (w.size() == 1 && w[0] == "Triangles") {
        if (n < 0) return at("the 'N triangles' header must come before the Triangles section");
        in_section = true;
        table.ntri = static_cast<int>(n);
        table.tri.assign(3 * n, 0);
        seen.assign(n, 0);
        continue;
      }
      return at("unexpected '" + strip_comment(line) +
                "'; expected the header 'N triangles' and then the section 'Triangles'");
    }
    if (nread == n) {
      if (w.size() == 1 && isupper(static_cast<unsigned char>(w[0][0])))
        return at("unknown section '" + w[0] + "'; a mesh file has only a Triangles section");
      return at("more lines in the Triangles section than the " + std::to_string(n) +
                " triangles of the header");
    }
    if (w.size() != 4)
      return at("a triangle line needs 4 integers 'triangle-id atom-id1 atom-id2 atom-id3', found " +
                std::to_string(w.size()) + " words");
    int64_t v[4];
    for (int k = 0; k < 4; k++)
      if (!parse_int(w[k], v[k])) return at("'" + w[k] + "' is not an integer");
    if (v[0] < 1 || v[0] > n)
      return at("triangle id " + w[0] + " is outside 1.." + std::to_string(n));
    if (seen[v[0] - 1]) return at("triangle id " + w[0] + " appears twice");
    seen[v[0] - 1] = 1;
    for (int k = 1; k < 4; k++)
      if (v[k] < 1) return at("atom id " + w[k] + " must be positive");
    if (v[1] == v[2] || v[1] == v[3] || v[2] == v[3])
      return at("triangle " + w[0] + " repeats an atom id; its three atom ids must be distinct");
    for (int k = 0; k < 3; k++) table.tri[3 * (v[0] - 1) + k] = v[k + 1];
    nread++;
  }
  // errors found at the end of the file name its last line
  if (n < 0) return at("end of file: no 'N triangles' header");
  if (!in_section) return at("end of file: no Triangles section");
  if (nread < n)
    return at("end of file: the Triangles section has " + std::to_string(nread) +
              " lines but the header announces " + std::to_string(n) + " triangles");

  // no two triangles with the same vertex set
  {
    std::vector<std::pair<std::vector<int64_t>, int>> sets(table.ntri);
    for (int t = 0; t < table.ntri; t++) {
      std::vector<int64_t> s(table.tri.begin() + 3 * t, table.tri.begin() + 3 * t + 3);
      std::sort(s.begin(), s.end());
      sets[t] = {s, t};
    }
    std::sort(sets.begin(), sets.end());
    for (int t = 1; t < table.ntri; t++)
      if (sets[t].first == sets[t - 1].first)
        return "mesh file " + file + ": triangles " + std::to_string(sets[t - 1].second + 1) +
            " and " + std::to_string(sets[t].second + 1) + " have the same three vertices";
  }
  const std::string err = table.build_adjacency();
  if (!err.empty()) return "mesh file " + file + ": " + err;
  return "";
}

}    // namespace geomint

#endif
