// GEOMINT: read access to a non-public data member of a LAMMPS class.
#ifndef GEOMINT_MEMBER_POINTER_H
#define GEOMINT_MEMBER_POINTER_H

namespace LAMMPS_NS {
namespace geomint_access {

// A non-public data member of a LAMMPS class (the members GEOMINT reads are
// private in some LAMMPS versions and protected in others), read through a
// member pointer taken in an explicit template instantiation, whose names are
// not access-checked.  Once, at namespace scope in one .cpp file:
//   struct BondMap { using type = int *BondHybrid::*; };
//   template struct geomint_access::MemberPointerSetter<BondMap, &BondHybrid::map>;
// then obj->*geomint_access::MemberPointer<BondMap>::value is the member.
template <class Tag> struct MemberPointer {
  static typename Tag::type value;
};
template <class Tag> typename Tag::type MemberPointer<Tag>::value;
template <class Tag, typename Tag::type P> struct MemberPointerSetter {
  MemberPointerSetter() { MemberPointer<Tag>::value = P; }
  static MemberPointerSetter instance;
};
template <class Tag, typename Tag::type P>
MemberPointerSetter<Tag, P> MemberPointerSetter<Tag, P>::instance;

}    // namespace geomint_access
}    // namespace LAMMPS_NS

#endif
