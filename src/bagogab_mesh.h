/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the triangle mesh of fix bagogab's in-triangle points: file,
   replicated connectivity and adjacency, vertex index, setup checks,
   corner images and the assignment of points to triangles.
------------------------------------------------------------------------- */

#ifndef GEOMINT_BAGOGAB_MESH_H
#define GEOMINT_BAGOGAB_MESH_H

#include "pointers.h"

#include "bagogab_passes.h"

#include "geomint/mesh_table.h"
#include "geomint/triangle.h"

#include <cstdint>
#include <string>
#include <vector>

namespace LAMMPS_NS {

class BagogabMesh : protected Pointers {
 public:
  // rank 0 reads and checks the file, every rank gets the table (collective)
  BagogabMesh(class LAMMPS *lmp, const std::string &mesh_file, const char *style_name);

  geomint::MeshTable table;    // replicated connectivity and adjacency
  const std::string file;
  double dmax;                 // longest triangle edge at the latest setup

  // checks of every setup (collective): vertices exist, no zero-area
  // triangle, edges within image_bound(), no point is a vertex; D_max
  void check(int groupbit, int intri_bit, const char *intri_name, bool tally_flag,
             const char *fix_id);
  // every owned point of intri_bit keeps a valid triangle or gets the closest
  // one (state: triangle id, l1, l2, l3); errors agreed on by all ranks
  void assign(int intri_bit, bool snap, double **state);

  bool is_vertex(int64_t tag) const;
  // local index of the closest image of corner k of triangle t to atom i, -1 if none
  int corner_image(int i, int t, int k) const;
  std::string missing_vertex_msg(int i, int t) const;
  std::string degenerate_msg(int tri) const;    // triangle id (1-based)
  std::string half_box_msg(int i, int t, const int c[3]) const;    // c: the corners' local images
  // the edges that the closest-image rule allows now (see ImageBound)
  geomint_bagogab::ImageBound image_bound() const;
  double memory_usage() const
  {
    return table.ntri * (3.0 * sizeof(int64_t) + 6.0 * sizeof(int));
  }

 private:
  const char *style;
  std::string edge_bound_msg(int t, const geomint::TriFrame &F, const char *when) const;
  double cutoff_estimate() const;
  std::vector<int64_t> vertices;              // sorted distinct vertex IDs
  std::vector<int> vtri_offset, vtri_list;    // vertex -> its triangles (CSR)
  bool checked;                               // the one-time checks are done
};

// the frame of the triangle with corners c (local indices) at positions x
inline void frame_of(double **x, const int *c, geomint::TriFrame &F)
{
  geomint::tri_frame(x[c[0]], x[c[1]], x[c[2]], F);
}

}    // namespace LAMMPS_NS

#endif
